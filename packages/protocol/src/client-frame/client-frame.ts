import * as v from "valibot";
import { HeartbeatFrameSchema } from "../heartbeat-frame/heartbeat-frame.js";
import { IdentifyFrameSchema } from "../identify-frame/identify-frame.js";

/**
 * A frame a bot sends: `identify` or `heartbeat`, chosen by `op`. An unknown op is reported at `op`
 * (the server closes with `4001`).
 */
export const ClientFrameSchema = v.variant("op", [IdentifyFrameSchema, HeartbeatFrameSchema], (issue) => {
  if (!issue.path) return issue.input === undefined ? "is required" : "expected a frame object";
  return issue.input === undefined ? "is required" : "must be identify or heartbeat";
});

/** A frame a bot sends. */
export type ClientFrame = v.InferOutput<typeof ClientFrameSchema>;
