import * as v from "valibot";
import { type DispatchFrame, dispatchVariant } from "../dispatch-frame/dispatch-frame.js";
import {
  type HeartbeatAckFrame,
  HeartbeatAckFrameSchema,
} from "../heartbeat-ack-frame/heartbeat-ack-frame.js";
import { type HelloFrame, HelloFrameSchema } from "../hello-frame/hello-frame.js";

/** A frame the service sends: `hello`, `heartbeat_ack` or `dispatch`. */
export type ServerFrame = HelloFrame | HeartbeatAckFrame | DispatchFrame;

/**
 * Checks a frame the service sends, chosen by `op` (and for `dispatch`, `d` by `t`). An unknown op is
 * reported at `op`.
 */
export const ServerFrameSchema = v.variant(
  "op",
  [HelloFrameSchema, HeartbeatAckFrameSchema, dispatchVariant],
  (issue) => {
    if (!issue.path) return issue.input === undefined ? "is required" : "expected a frame object";
    if (issue.input === undefined) return "is required";
    return issue.path.at(-1)?.key === "t"
      ? "must be a gateway event name"
      : "must be hello, heartbeat_ack or dispatch";
  },
) as v.GenericSchema<unknown, ServerFrame>;
