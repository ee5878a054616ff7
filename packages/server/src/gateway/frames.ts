import { CloseCode } from "@chatbot/protocol";
import type { ClientFrame, ServerFrame } from "./wire-types.js";

/** The result of reading one text frame from a bot. */
export type ParsedClientFrame =
  | { readonly ok: true; readonly frame: ClientFrame }
  | {
      readonly ok: false;
      readonly code: typeof CloseCode.UnknownOp | typeof CloseCode.InvalidJson;
      readonly reason: string;
    };

type JsonObject = { readonly [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function unknownOp(reason: string): ParsedClientFrame {
  return { ok: false, code: CloseCode.UnknownOp, reason };
}

function parseIdentify(d: unknown): ParsedClientFrame {
  if (!isObject(d)) return unknownOp("identify: d must be an object");
  const { token, intents } = d;
  if (typeof token !== "string" || token.length === 0) {
    return unknownOp("identify: d.token must be a non-empty string");
  }
  if (!Array.isArray(intents) || !intents.every((name): name is string => typeof name === "string")) {
    return unknownOp("identify: d.intents must be an array of strings");
  }
  return { ok: true, frame: { op: "identify", d: { token, intents } } };
}

function parseHeartbeat(d: unknown): ParsedClientFrame {
  // An absent `d` reads as null: `JSON.stringify` drops an undefined `d`.
  if (d === undefined || d === null) return { ok: true, frame: { op: "heartbeat", d: null } };
  if (typeof d !== "number" || !Number.isSafeInteger(d) || d < 0) {
    return unknownOp("heartbeat: d must be the last s (an integer, 0 or more) or null");
  }
  return { ok: true, frame: { op: "heartbeat", d } };
}

/**
 * Reads one text frame sent by a bot: not JSON → `4002`; not an object with a client `op`
 * (`identify`, `heartbeat`), or a `d` of the wrong shape → `4001`. Unknown keys are ignored.
 */
export function parseClientFrame(text: string): ParsedClientFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: CloseCode.InvalidJson, reason: "frame is not valid JSON" };
  }
  if (!isObject(value)) return unknownOp("frame must be a JSON object with op");
  switch (value.op) {
    case "identify":
      return parseIdentify(value.d);
    case "heartbeat":
      return parseHeartbeat(value.d);
    default:
      return unknownOp(typeof value.op === "string" ? `unknown op: ${value.op}` : "op must be a string");
  }
}

/** The JSON text of a frame the service sends. */
export function encodeFrame(frame: ServerFrame): string {
  return JSON.stringify(frame);
}
