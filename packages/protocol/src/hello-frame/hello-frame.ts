import * as v from "valibot";
import { int, obj } from "../shared/fields.js";
import { expected } from "../shared/messages.js";

/** The first frame of a connection: `d.heartbeat_interval` in milliseconds. */
export const HelloFrameSchema = obj({
  op: v.literal("hello", expected('"hello"')),
  d: obj({ heartbeat_interval: v.pipe(int(), v.minValue(1, "must be 1 or more")) }),
});

/** A `hello` frame. */
export type HelloFrame = v.InferOutput<typeof HelloFrameSchema>;
