import * as v from "valibot";
import { obj } from "../shared/fields.js";
import { expected } from "../shared/messages.js";

/** The service's answer to each heartbeat. */
export const HeartbeatAckFrameSchema = obj({
  op: v.literal("heartbeat_ack", expected('"heartbeat_ack"')),
});

/** A `heartbeat_ack` frame. */
export type HeartbeatAckFrame = v.InferOutput<typeof HeartbeatAckFrameSchema>;
