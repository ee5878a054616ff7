import type { IncomingMessage } from "node:http";
import { isJsonType, readRawBody, requestHeader } from "../../http/read-raw-body.js";
import { WebhookNotJsonError } from "./webhook-errors.js";

/** Receives the parsed body, or the error that answers the request. */
export type BodyCallback = (error: unknown, body?: unknown) => void;

/** Parses a complete raw body by its `Content-Type`; throws {@link WebhookNotJsonError}. */
function parseWebhookBody(type: string | undefined, raw: Buffer): unknown {
  if (type === undefined) throw new WebhookNotJsonError("send it with Content-Type: application/json");
  if (!isJsonType(type)) {
    if (/^multipart\/form-data\b/i.test(type)) {
      throw new WebhookNotJsonError("file uploads (multipart/form-data) are not supported; send JSON");
    }
    throw new WebhookNotJsonError(`the body must be application/json, got ${type}`);
  }
  if (raw.length === 0) throw new WebhookNotJsonError("the body is empty");
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw new WebhookNotJsonError(error instanceof Error ? error.message : "malformed JSON");
  }
}

/**
 * Reads a webhook execution body of at most `maxBytes` (`413` past it) and calls `done` once.
 * Anything that is not a JSON document answers `415 50109`: a missing or other `Content-Type` (file
 * uploads with `multipart/form-data` included), an empty body and malformed JSON alike.
 */
export function readWebhookBody(req: IncomingMessage, maxBytes: number, done: BodyCallback): void {
  readRawBody(req, maxBytes, (error, raw) => {
    if (error || raw === undefined) return done(error);
    let body: unknown;
    try {
      body = parseWebhookBody(requestHeader(req, "content-type"), raw);
    } catch (parseError) {
      return done(parseError);
    }
    done(null, body);
  });
}
