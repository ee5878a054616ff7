import type { IncomingMessage } from "node:http";
import { PayloadTooLargeError } from "../../errors/http-errors.js";
import { WebhookNotJsonError } from "../../webhooks/webhook-errors.js";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** Receives the parsed body, or the error that answers the request. */
export type BodyCallback = (error: unknown, body?: unknown) => void;

/** Parses a complete raw body by its `Content-Type`; throws {@link WebhookNotJsonError}. */
function parseWebhookBody(type: string | undefined, raw: Buffer): unknown {
  if (type === undefined) throw new WebhookNotJsonError("send it with Content-Type: application/json");
  if (/^multipart\/form-data\b/i.test(type)) {
    throw new WebhookNotJsonError("file uploads (multipart/form-data) are not supported; send JSON");
  }
  if (!JSON_TYPE.test(type)) throw new WebhookNotJsonError(`the body must be application/json, got ${type}`);
  if (raw.length === 0) throw new WebhookNotJsonError("the body is empty");
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw new WebhookNotJsonError(error instanceof Error ? error.message : "malformed JSON");
  }
}

/**
 * Reads a webhook execution body of at most `maxBytes` (`413` past it; the rest is drained, then the
 * socket cut) and calls `done` once. Anything that is not a JSON document answers `415 50109`: a
 * missing or other `Content-Type` (file uploads with `multipart/form-data` included), an empty body
 * and malformed JSON alike. Callbacks rather than promises: this is the hot path of executions.
 */
export function readWebhookBody(req: IncomingMessage, maxBytes: number, done: BodyCallback): void {
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
    let body: unknown;
    try {
      body = parseWebhookBody(
        req.headers["content-type"],
        chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
      );
    } catch (error) {
      done(error);
      return;
    }
    done(null, body);
  });
}
