import ky, { type BeforeErrorState, isHTTPError, isNetworkError, isTimeoutError } from "ky";
import { DevApiError } from "./dev-api-error.js";
import { DevApiTimeoutError } from "./dev-api-timeout-error.js";

/** One call of a {@link DevClient}, as it hands it to its sender. */
export interface DevSend {
  /** The route's name in the table (`createUser`). */
  readonly route: string;
  readonly method: string;
  /** The path and query after the base URL (`/dev/v1/users`). */
  readonly path: string;
  /** The whole URL (the base URL, then `path`). */
  readonly url: string;
  readonly headers: Record<string, string>;
  /** The body as a value to send as JSON, if the call has one. */
  readonly json: unknown;
  /** Who acted, for the error's message (`X-Dev-User`'s username when given, else id). */
  readonly actor: string | null;
}

/** Sends one call and answers the answer's text; an error answer throws {@link DevApiError}. */
export type DevSender = (call: DevSend) => Promise<string>;

/** The body as JSON, or the text itself when it is not JSON (a proxy's error page). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Every method the route table uses: a refused connection sent nothing, so any call may go again. */
const ALL_METHODS = ["get", "post", "put", "patch", "delete"];

/** Whether the connection was refused: no server listens there (yet). */
function refusedConnection(error: Error): boolean {
  if (!isNetworkError(error)) return false;
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === "ECONNREFUSED") return true;
  }
  return false;
}

/** How the ky sender waits and retries. */
export interface KySenderOptions {
  readonly fetch: typeof fetch | undefined;
  readonly timeout: number | false;
  readonly startRetries: number;
}

/**
 * The sender on ky: each attempt has its `timeout`; a refused connection is sent again up to
 * `startRetries` times, ky's waits growing from 300 ms to at most 1 s; ky's `beforeError` hook
 * turns an error answer into {@link DevApiError} and a timeout into {@link DevApiTimeoutError}.
 */
export function kySender(options: KySenderOptions): DevSender {
  const timeout = options.timeout;
  const api = ky.create({
    timeout,
    retry: {
      limit: options.startRetries,
      methods: ALL_METHODS,
      backoffLimit: 1_000,
      shouldRetry: ({ error }) => refusedConnection(error),
    },
    hooks: {
      beforeError: [
        ({ error, options: { context } }: BeforeErrorState): Error => {
          const call = context as unknown as DevSend;
          if (isHTTPError(error)) {
            const body = typeof error.data === "string" ? parseJson(error.data) : error.data;
            const { route, method, path, actor } = call;
            return new DevApiError(route, method, path, error.response.status, body, actor, { cause: error });
          }
          if (isTimeoutError(error) && timeout !== false)
            return new DevApiTimeoutError(call.route, call.method, call.path, timeout, { cause: error });
          return error;
        },
      ],
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return (call) =>
    api(call.url, {
      method: call.method,
      headers: call.headers,
      ...(call.json === undefined ? {} : { json: call.json }),
      context: call as unknown as Record<string, unknown>,
    }).text();
}

/**
 * The sender straight on `fetch`: no timeout, no retry, and none of ky's per-call objects (a
 * `Request`, its clone for retries, `Headers`, an `AbortController`). An error answer throws
 * {@link DevApiError} as the ky sender's does.
 */
export function fetchSender(fetchFn: typeof fetch | undefined): DevSender {
  return async (call) => {
    const headers =
      call.json === undefined ? call.headers : { ...call.headers, "content-type": "application/json" };
    const response = await (fetchFn ?? fetch)(call.url, {
      method: call.method,
      headers,
      ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
    });
    const text = await response.text();
    if (response.ok) return text;
    const body = text === "" ? undefined : parseJson(text);
    throw new DevApiError(call.route, call.method, call.path, response.status, body, call.actor);
  };
}
