import type { IncomingMessage } from "node:http";
import { PayloadTooLargeError } from "../../errors/http-errors.js";
import { WebhookNotJsonError } from "../../webhooks/webhook-errors.js";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** Reads the raw body, at most `maxBytes` (`413` past it; the rest is drained, then the socket cut). */
function readRaw(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? "0");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = declared > maxBytes;
    if (failed) reject(new PayloadTooLargeError(maxBytes));
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (failed) {
        if (size > maxBytes * 8) req.destroy();
        return;
      }
      if (size > maxBytes) {
        failed = true;
        reject(new PayloadTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", (error) => {
      if (!failed) reject(error);
      failed = true;
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks, size));
    });
  });
}

/**
 * Reads a webhook execution body. Anything that is not a JSON document answers `415 50109`: a
 * missing or other `Content-Type` (file uploads with `multipart/form-data` included), an empty
 * body and malformed JSON alike.
 */
export async function readWebhookBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const raw = await readRaw(req, maxBytes);
  const type = req.headers["content-type"];
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
