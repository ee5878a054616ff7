import {
  type ClientFrame,
  ClientFrameSchema,
  CloseCode,
  type ServerFrame,
  type ValidationErrors,
  validate,
} from "@chatbot/protocol";
import { clampCloseReason } from "./close-reason.js";

/** The result of reading one text frame from a bot. */
export type ParsedClientFrame =
  | { readonly ok: true; readonly frame: ClientFrame }
  | {
      readonly ok: false;
      readonly code: typeof CloseCode.UnknownOp | typeof CloseCode.InvalidJson;
      readonly reason: string;
    };

function describe(errors: ValidationErrors): string {
  return Object.entries(errors)
    .map(([path, messages]) => `${path === "" ? "frame" : path}: ${messages.join(", ")}`)
    .join("; ");
}

/**
 * Reads one text frame sent by a bot with the protocol's `ClientFrameSchema`: not JSON → `4002`;
 * not an `identify` or `heartbeat` frame of the right shape → `4001`, the reason naming the field.
 * Unknown keys are dropped; intent names are checked later (`4013`).
 */
export function parseClientFrame(text: string): ParsedClientFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: CloseCode.InvalidJson, reason: "frame is not valid JSON" };
  }
  const result = validate(ClientFrameSchema, value);
  if (!result.success) {
    return { ok: false, code: CloseCode.UnknownOp, reason: clampCloseReason(describe(result.errors)) };
  }
  return { ok: true, frame: result.output };
}

/** The JSON text of a frame the service sends. */
export function encodeFrame(frame: ServerFrame): string {
  return JSON.stringify(frame);
}
