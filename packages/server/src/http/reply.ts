import type { ApiError } from "../kernel/errors/api-error.js";

/** What a route handler answers: a status, an optional JSON body and extra headers. */
export interface Reply {
  readonly status: number;
  /** For an error answer, the error itself (for the inspector; never sent). */
  readonly error?: ApiError;
  readonly body?: unknown;
  /** The body already as JSON text (sent as it is; wins over `body`). */
  readonly rawJson?: string;
  /**
   * The body as JSON text in pieces, written one after the other as the client takes them (wins
   * over `rawJson` and `body`): for answers too large to build whole.
   */
  readonly jsonPieces?: Iterable<string>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A JSON answer. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

/** A JSON answer whose body is already JSON text (e.g. from the message JSON cache). */
export function rawJson(text: string, status = 200, headers?: Record<string, string>): Reply {
  return headers ? { status, rawJson: text, headers } : { status, rawJson: text };
}

/** `204 No Content`. */
export const NO_CONTENT: Reply = { status: 204 };

/** A JSON answer streamed piece by piece (see {@link Reply.jsonPieces}). */
export function streamedJson(pieces: Iterable<string>, status = 200): Reply {
  return { status, jsonPieces: pieces };
}
