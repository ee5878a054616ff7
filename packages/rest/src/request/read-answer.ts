import { isErrorBody } from "@chatbot/protocol";
import { ApiError } from "../errors/api-error.js";
import { HttpError } from "../errors/http-error.js";
import type { RateLimitDetails } from "../errors/rate-limit-error.js";
import type { RequestTarget } from "../errors/rest-error.js";
import type { QueryValues, RestResult } from "./route-call.js";
import type { TransportResponse } from "./transport.js";

/** What a rate-limit hook is told of a `429`'s wait. */
export function waitInfo(details: RateLimitDetails) {
  return { global: details.global, bucket: details.bucket, waitMs: details.retryAfterMs };
}

/** The wait a `429` asks for: `retry_after` of the body, else the `Retry-After` header. */
export async function rateLimitDetails(response: TransportResponse): Promise<RateLimitDetails> {
  const headers = response.headers;
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const fromBody = isErrorBody(body) ? body.retry_after : undefined;
  const seconds =
    fromBody ?? Number(headers.get("retry-after") ?? headers.get("x-ratelimit-reset-after") ?? 1);
  const global =
    (isErrorBody(body) && body.global === true) || headers.get("x-ratelimit-bucket") === "global";
  return {
    retryAfterMs: Math.max(0, (Number.isFinite(seconds) ? seconds : 1) * 1_000),
    global,
    bucket: headers.get("x-ratelimit-bucket"),
  };
}

/** Parses an answer: the JSON of a `2xx`, else the matching error class. */
export async function read<T>(response: TransportResponse, target: RequestTarget): Promise<RestResult<T>> {
  const { status, headers } = response;
  const text = await response.text();
  let parsed: unknown;
  if (text !== "") {
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new HttpError(status, text, target, { cause: error });
    }
  }
  if (status >= 200 && status < 300) return { status, headers, data: parsed as T };
  if (isErrorBody(parsed)) throw new ApiError(status, parsed, target);
  throw new HttpError(status, text, target);
}

/** `?key=value&...` of the defined values, or `""`. */
export function queryString(query: QueryValues): string {
  let text = "";
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    text += `${text === "" ? "?" : "&"}${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`;
  }
  return text;
}
