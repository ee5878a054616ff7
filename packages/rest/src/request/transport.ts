import { Agent, request as undiciRequest } from "undici";

/** Reads one header of an answer (`null` when absent). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** What the requester needs of an answer: a fetch `Response` has it, and so has the undici transport's. */
export interface TransportResponse {
  readonly status: number;
  readonly headers: HeaderReader;
  text(): Promise<string>;
}

/** The parts of a call that travel beside ky's `Request`: the headers and the JSON text. */
export interface TransportInit {
  readonly transport: {
    readonly headers: Record<string, string>;
    readonly body: string | undefined;
    /** Sending it twice does no harm (reads, nonce'd sends): it may share a pipelined connection. */
    readonly idempotent: boolean;
    /** An interaction reply: sent on connections of its own, never behind another call. */
    readonly urgent: boolean;
    /** Milliseconds the call may wait for the answer's headers, then for its body. */
    readonly timeout: number;
    /** The caller's signal, if any. */
    readonly signal: AbortSignal | undefined;
  };
}

/** An error of a transport that kept its own deadline: the call took longer than its timeout. */
export class TransportTimeoutError extends Error {
  constructor(
    readonly timeout: number,
    options?: ErrorOptions,
  ) {
    super(`no answer within ${timeout} ms`, options);
    this.name = "TransportTimeoutError";
  }
}

/**
 * The function ky calls in place of `fetch`: it gets ky's `Request` (URL, method, and the signal
 * that ky aborts on a timeout or the caller's abort) and the call's headers and body beside it.
 */
export interface Transport {
  (request: Request, init: TransportInit): Promise<TransportResponse>;
  /**
   * Whether the transport keeps each call's timeout and the caller's signal itself (then ky is told
   * to keep none: its timer and the listeners on its signal were a measurable part of each call).
   */
  readonly ownsDeadline: boolean;
  /** Closes the transport's connections. */
  close(): Promise<void>;
}

/** How the default transport connects. */
export interface ConnectionOptions {
  /** Connections to the service at most; default 8. */
  readonly connections: number;
  /** Idempotent calls sent on one connection before the first answers (HTTP pipelining); default 4. */
  readonly pipelining: number;
}

class UndiciHeaders implements HeaderReader {
  constructor(private readonly raw: Record<string, string | string[] | undefined>) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
}

/**
 * The default transport: undici's `request` over keep-alive connections, which costs a fraction of
 * `fetch`'s time per call on Node (no WHATWG streams for the body of either side). Idempotent calls
 * may be pipelined (several on one connection, answered in order); other writes wait for a free
 * connection; interaction replies have their own connections, so nothing is ever ahead of them.
 */
export function undiciTransport(options: ConnectionOptions): Transport {
  const main = new Agent({ connections: options.connections, pipelining: options.pipelining });
  const urgent = new Agent({ connections: options.connections, pipelining: 1 });
  const transport = async (request: Request, init: TransportInit): Promise<TransportResponse> => {
    const { headers, body, idempotent, timeout, signal } = init.transport;
    let answer: Awaited<ReturnType<typeof undiciRequest>>;
    let text: string;
    try {
      answer = await undiciRequest(request.url, {
        method: request.method as "GET",
        headers,
        body: body ?? null,
        idempotent,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        ...(signal ? { signal } : {}),
        dispatcher: init.transport.urgent ? urgent : main,
      });
      text = await answer.body.text();
    } catch (error) {
      throw isUndiciTimeout(error) ? new TransportTimeoutError(timeout, { cause: error }) : error;
    }
    return {
      status: answer.statusCode,
      headers: new UndiciHeaders(answer.headers),
      text: () => Promise.resolve(text),
    };
  };
  return Object.assign(transport, {
    ownsDeadline: true,
    close: async () => {
      await Promise.all([main.close(), urgent.close()]);
    },
  });
}

function isUndiciTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT";
}

/** A transport over a `fetch` function (the `fetch` option of the clients). */
export function fetchTransport(fetchFn: typeof fetch): Transport {
  const transport = (request: Request, init: TransportInit) =>
    fetchFn(request.url, {
      method: request.method,
      headers: init.transport.headers,
      ...(init.transport.body === undefined ? {} : { body: init.transport.body }),
      signal: request.signal,
    });
  return Object.assign(transport, { ownsDeadline: false, close: () => Promise.resolve() });
}
