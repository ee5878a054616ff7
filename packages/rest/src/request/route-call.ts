import type { RequestOptions } from "./request-options.js";
import type { HeaderReader } from "./transport.js";

/** An HTTP method the interface uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A query string's values; `undefined` ones are left out. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

/** One call as a route method describes it to the {@link Requester}. */
export interface RouteCall {
  readonly method: HttpMethod;
  /** The path under the requester's base (`/channels/123/messages`), segments already encoded. */
  readonly path: string;
  readonly query?: QueryValues | undefined;
  /** A JSON body, already checked against its schema. */
  readonly body?: unknown;
  /**
   * The service's rate-limit bucket this call counts against, when it has one besides the global
   * limit (`message_create:<channel_id>`). Calls of one bucket are sent one at a time, in order.
   */
  readonly bucket?: string | undefined;
  /** Safe to send again after a network error, a timeout or a `5xx` (reads, nonce'd sends). */
  readonly retry?: boolean;
  /** An interaction reply: goes before other calls waiting for the global limit. */
  readonly urgent?: boolean;
  readonly options?: RequestOptions | undefined;
}

/** A successful answer: its status, headers and parsed JSON body (`undefined` when empty). */
export interface RestResult<T> {
  readonly status: number;
  readonly headers: HeaderReader;
  readonly data: T;
}
