import type { IncomingMessage } from "node:http";
import { PayloadTooLargeError, RequestAbortedError } from "../kernel/errors/http-errors.js";

/** Receives the whole body (an empty Buffer when there was none), or the error that answers. */
export type RawBodyCallback = (error: unknown, raw?: Buffer) => void;

/** How long the rest of a refused body is read and dropped before the connection is cut. */
export const DRAIN_MS = 10_000;

/**
 * Reads a request body of at most `maxBytes` and calls `done` exactly once. A declared or actual
 * size over the limit answers {@link PayloadTooLargeError} (`413`); the rest is read and dropped, so
 * that a client that writes its whole body before reading (most do) gets that answer instead of a
 * broken pipe; a body still coming {@link DRAIN_MS} later is cut. Callbacks rather than promises:
 * every write call of `/v1` and `/dev/v1` and every webhook execution comes through here.
 */
export function readRawBody(req: IncomingMessage, maxBytes: number, done: RawBodyCallback): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  const refuse = () => {
    failed = true;
    chunks.length = 0;
    const timer = setTimeout(() => req.destroy(), DRAIN_MS);
    timer.unref();
    req.once("close", () => clearTimeout(timer));
    done(new PayloadTooLargeError(maxBytes));
  };
  if (Number(requestHeader(req, "content-length") ?? "0") > maxBytes) refuse();
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (failed) return;
    if (size > maxBytes) {
      refuse();
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
