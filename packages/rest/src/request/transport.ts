import ky, { isNetworkError, isTimeoutError } from "ky";
import { Agent, type Dispatcher } from "undici";

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

/** One attempt of a call, as the requester hands it to a transport. */
export interface TransportCall {
  /** The path and query after the client's base URL (`/users/@me`). */
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  /** The JSON text of the body, if any. */
  readonly body: string | undefined;
  /** Sending it twice does no harm (reads, nonce'd sends): it may share a pipelined connection. */
  readonly idempotent: boolean;
  /** An interaction reply: sent on connections of its own, never behind another call. */
  readonly urgent: boolean;
  /** Milliseconds the attempt may take, from the moment it is handed to the transport. */
  readonly timeout: number;
  /** The caller's signal, if any. */
  readonly signal: AbortSignal | undefined;
  /**
   * Called when the service says it holds the call (`102 Processing`: a test world's latency fault
   * waiting on its clock). Only the default transport hears it; `fetch` hides informational answers.
   */
  readonly onHeld?: () => void;
}

/** The error of a transport whose attempt took longer than its timeout. */
export class TransportTimeoutError extends Error {
  constructor(
    readonly timeout: number,
    options?: ErrorOptions,
  ) {
    super(`no answer within ${timeout} ms`, options);
    this.name = "TransportTimeoutError";
  }
}

/** Sends one attempt and resolves with its answer, the whole body read. */
export interface Transport {
  (call: TransportCall): Promise<TransportResponse>;
  /** Closes the transport's connections. */
  close(): Promise<void>;
}

/** How the default transport connects. */
export interface ConnectionOptions {
  /** The client's base URL (absolute, no trailing `/`): calls' paths are sent after it. */
  readonly baseUrl: string;
  /** Connections to the service at most; default 8. */
  readonly connections: number;
  /** Idempotent calls sent on one connection before the first answers (HTTP pipelining); default 4. */
  readonly pipelining: number;
}

/** The headers of an undici answer, read from its raw name and value pairs on first use. */
class RawHeaders implements HeaderReader {
  private parsed: Map<string, string> | undefined;

  constructor(private readonly raw: readonly Buffer[]) {}

  get(name: string): string | null {
    if (this.parsed === undefined) {
      this.parsed = new Map();
      for (let i = 0; i + 1 < this.raw.length; i += 2) {
        const key = this.raw[i]!.toString("latin1").toLowerCase();
        const value = this.raw[i + 1]!.toString("latin1");
        const before = this.parsed.get(key);
        this.parsed.set(key, before === undefined ? value : `${before}, ${value}`);
      }
    }
    return this.parsed.get(name.toLowerCase()) ?? null;
  }
}

/**
 * One attempt on undici's dispatcher: the answer's headers and body are collected as they come (no
 * stream), and the attempt is given up at its deadline or on the caller's abort through the abort
 * function undici hands over when the call goes out, with no `AbortSignal` of its own. A call
 * still queued at its deadline is rejected then, and dropped by undici when its turn comes.
 */
class Attempt implements Dispatcher.DispatchHandlers {
  private abortCall: ((error: Error) => void) | undefined;
  private failure: Error | undefined;
  private status = 0;
  private headers: readonly Buffer[] = [];
  private readonly chunks: Buffer[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly onAbort: (() => void) | undefined;

  constructor(
    private readonly call: TransportCall,
    private readonly resolve: (response: TransportResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.timer = setTimeout(() => this.giveUp(new TransportTimeoutError(call.timeout)), call.timeout);
    const signal = call.signal;
    if (signal) {
      this.onAbort = () => this.giveUp(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      signal.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  private giveUp(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.abortCall?.(error);
    this.settle();
    this.reject(error);
  }

  private settle(): void {
    clearTimeout(this.timer);
    if (this.onAbort) this.call.signal?.removeEventListener("abort", this.onAbort);
  }

  onConnect(abort: (error?: Error) => void): void {
    if (this.failure !== undefined) abort(this.failure);
    else this.abortCall = abort;
  }

  onHeaders(status: number, headers: Buffer[]): boolean {
    if (status < 200) {
      if (status === 102) this.call.onHeld?.();
      return true;
    }
    this.status = status;
    this.headers = headers;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.failure !== undefined) return;
    this.settle();
    const chunks = this.chunks;
    const text =
      chunks.length === 0 ? "" : (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8");
    this.resolve({
      status: this.status,
      headers: new RawHeaders(this.headers),
      text: () => Promise.resolve(text),
    });
  }

  onError(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.settle();
    this.reject(error);
  }
}

/**
 * The default transport: undici's dispatcher over keep-alive connections, which costs a fraction
 * of `fetch`'s time per call on Node: no WHATWG `Request`, `Headers`, `AbortSignal` or
 * body stream is made for either side. Idempotent calls may be pipelined (several on one
 * connection, answered in order); other writes wait for a free connection; interaction replies have
 * their own connections, so nothing is ever ahead of them. Each attempt's timeout counts from the
 * moment it is handed over, queueing for a connection included.
 */
export function undiciTransport(options: ConnectionOptions): Transport {
  // undici's own timeouts are off: each attempt keeps its deadline (undici's would count only once
  // the call is on a connection, to within a second).
  const settings = { connections: options.connections, headersTimeout: 0, bodyTimeout: 0 };
  // The base URL is split once: its origin names the connections, its path starts every call's.
  const base = options.baseUrl;
  const pathStart = base.indexOf("/", base.indexOf("//") + 2);
  const origin = pathStart === -1 ? base : base.slice(0, pathStart);
  const prefix = pathStart === -1 ? "" : base.slice(pathStart);
  const main = new Agent({ ...settings, pipelining: options.pipelining });
  const urgent = new Agent({ ...settings, pipelining: 1 });
  const transport = (call: TransportCall): Promise<TransportResponse> =>
    new Promise((resolve, reject) => {
      if (call.signal?.aborted) return reject(call.signal.reason);
      const attempt = new Attempt(call, resolve, reject);
      try {
        (call.urgent ? urgent : main).dispatch(
          {
            origin,
            path: prefix + call.path || "/",
            method: call.method as Dispatcher.HttpMethod,
            headers: call.headers,
            body: call.body ?? null,
            idempotent: call.idempotent,
          },
          attempt,
        );
      } catch (error) {
        // Its timer must not outlive a call that never went out.
        attempt.onError(error as Error);
      }
    });
  return Object.assign(transport, {
    close: async () => {
      await Promise.all([main.close(), urgent.close()]);
    },
  });
}

/**
 * The transport of the `fetch` option, on ky: ky turns the caller's `fetch` into an attempt with a
 * deadline (counted from the start of the attempt, until the answer's head arrives) that the
 * caller's signal can also abort, and hands that `fetch` a WHATWG `Request`. ky's own retries and
 * HTTP errors are off: the requester retries and reads every answer itself. The errors are the
 * default transport's: {@link TransportTimeoutError} at the deadline, the signal's reason on an
 * abort, and `fetch`'s own error when the network fails (not ky's `NetworkError` around it). ky
 * builds a `Request` and its signals per call, which is why the default transport does not go
 * through it.
 */
export function fetchTransport(fetchFn: typeof fetch, baseUrl: string): Transport {
  const api = ky.create({ retry: 0, throwHttpErrors: false, fetch: fetchFn });
  const transport = async (call: TransportCall): Promise<TransportResponse> => {
    try {
      return await api(baseUrl + call.path, {
        method: call.method,
        headers: call.headers,
        ...(call.body === undefined ? {} : { body: call.body }),
        timeout: call.timeout,
        ...(call.signal ? { signal: call.signal } : {}),
      });
    } catch (error) {
      if (isTimeoutError(error)) throw new TransportTimeoutError(call.timeout, { cause: error });
      throw isNetworkError(error) ? error.cause : error;
    }
  };
  return Object.assign(transport, { close: () => Promise.resolve() });
}
