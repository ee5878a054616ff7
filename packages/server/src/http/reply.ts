/** What a route handler answers: a status, an optional JSON body and extra headers. */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A JSON answer. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

/** `204 No Content`. */
export const NO_CONTENT: Reply = { status: 204 };
