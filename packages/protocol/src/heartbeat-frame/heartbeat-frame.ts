import * as v from "valibot";
import { obj, uint } from "../shared/fields.js";
import { expected } from "../shared/messages.js";

/** A heartbeat: `d` is the last sequence number seen, or null (a missing `d` counts as null). */
export const HeartbeatFrameSchema = obj({
  op: v.literal("heartbeat", expected('"heartbeat"')),
  d: v.optional(v.nullable(uint()), null),
});

/** A `heartbeat` frame. */
export type HeartbeatFrame = v.InferOutput<typeof HeartbeatFrameSchema>;
