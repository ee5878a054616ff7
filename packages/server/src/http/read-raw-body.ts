import type { IncomingMessage } from "node:http";
import { PayloadTooLargeError } from "../errors/http-errors.js";

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
  let failed = Number(req.headers["content-length"] ?? "0") > maxBytes;
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
    if (!failed) done(error);
    failed = true;
  });
  req.on("end", () => {
    if (failed) return;
    done(null, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  });
}

/** Whether a `Content-Type` names JSON (`application/json`, `application/<x>+json`). */
export function isJsonType(type: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}
