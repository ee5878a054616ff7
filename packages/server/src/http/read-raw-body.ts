import type { IncomingMessage } from "node:http";
import { PayloadTooLargeError, RequestAbortedError } from "../errors/http-errors.js";

/** Receives the whole body (an empty Buffer when there was none), or the error that answers. */
export type RawBodyCallback = (error: unknown, raw?: Buffer) => void;

/**
 * Reads a request body of at most `maxBytes` and calls `done` exactly once. A declared or actual
 * size over the limit answers {@link PayloadTooLargeError} (`413`); the rest is read and dropped so
 * the client gets that answer, and past 8 × the limit the connection is cut. Callbacks rather than
 * promises: every write call of `/v1` and every webhook execution comes through here.
 */
export function readRawBody(req: IncomingMessage, maxBytes: number, done: RawBodyCallback): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = Number(requestHeader(req, "content-length") ?? "0") > maxBytes;
  if (failed) done(new PayloadTooLargeError(maxBytes));
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (failed) {
      if (size > maxBytes * 8) req.destroy();
      return;
    }
    if (size > maxBytes) {
      failed = true;
      done(new PayloadTooLargeError(maxBytes));
      return;
    }
    chunks.push(chunk);
  });
  req.on("error", (error) => {
    if (!failed) done(new RequestAbortedError(error));
    failed = true;
  });
  req.on("end", () => {
    if (failed) return;
    done(null, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  });
}

/**
 * The first value of the request header `name` (lower case), read from `rawHeaders`: touching
 * `req.headers` builds the whole header object, a measurable part of a webhook execution.
 */
export function requestHeader(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) return raw[i + 1];
  }
  return undefined;
}

/** Whether a `Content-Type` names JSON (`application/json`, `application/<x>+json`). */
export function isJsonType(type: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}
