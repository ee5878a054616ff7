import type { IncomingMessage } from "node:http";
import { InvalidBodyError } from "../kernel/errors/api-error.js";
import { UnsupportedMediaTypeError } from "../kernel/errors/http-errors.js";
import { isJsonType, readRawBody } from "./read-raw-body.js";

/** Receives the parsed body (`undefined` when there was none), or the error that answers. */
export type JsonBodyCallback = (error: unknown, body?: unknown) => void;

/**
 * Reads a JSON body of at most `maxBytes` bytes and calls `done` once. No body reads as
 * `undefined`. A size over the limit answers `413`; a body that is not `application/json` answers
 * `415` (a missing `Content-Type` too); text that is not JSON answers `400 invalid_body`.
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number, done: JsonBodyCallback): void {
  readRawBody(req, maxBytes, (error, raw) => {
    if (error || raw === undefined) return done(error);
    if (raw.length === 0) return done(null, undefined);
    const type = req.headers["content-type"];
    // No Content-Type is refused too: a web page can send a body without one to any server.
    if (type === undefined || !isJsonType(type)) return done(new UnsupportedMediaTypeError(type));
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      return done(InvalidBodyError.at("", "the body is not valid JSON"));
    }
    done(null, body);
  });
}
