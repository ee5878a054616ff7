import type { DevCallOptions, FAULT_METHODS } from "@chatbot/protocol/dev";
import type { DevApi } from "./dev-api.js";

/** A method a fault may be limited to. */
type FaultMethod = (typeof FAULT_METHODS)[number];

/** Which `/v1` calls of the app a fault applies to. */
export interface FaultMatch {
  /** How many matching calls it applies to; default 1. */
  readonly count?: number;
  /** Only calls of this method. */
  readonly method?: string;
  /** Only calls whose path starts with this (it starts with `/v1`). */
  readonly pathPrefix?: string;
}

/** A pending fault as the dev API lists it. */
export interface PendingFault {
  readonly id: string;
  readonly app_id: string;
  readonly kind: "http" | "latency";
  readonly remaining: number;
}

/**
 * The dev API's faults for one app (`POST /dev/v1/faults`): drop its gateway connection, make its
 * next REST calls fail or wait. Latency waits on the world's clock.
 */
export class Faults {
  constructor(
    private readonly dev: DevApi,
    private readonly appId: string,
  ) {}

  /** Closes the app's gateway connection now with `code`; answers whether it had one. */
  async closeGateway(code = 4000, reason?: string): Promise<boolean> {
    const answer = await this.dev.call("createFault", {
      body: { app_id: this.appId, kind: "close_gateway", code, ...(reason === undefined ? {} : { reason }) },
    });
    return answer.closed ?? false;
  }

  /**
   * The next matching calls answer `status` (429, 500 or 503) and change nothing; a 429 carries
   * `retryAfter` seconds (default 1) and `global`.
   */
  async http(
    status: 429 | 500 | 503,
    options: FaultMatch & { retryAfter?: number; global?: boolean } = {},
  ): Promise<string> {
    return this.add({
      app_id: this.appId,
      kind: "http",
      status,
      ...this.match(options),
      ...(options.retryAfter === undefined ? {} : { retry_after: options.retryAfter }),
      ...(options.global === undefined ? {} : { global: options.global }),
    });
  }

  /** The next matching calls are answered `ms` later on the world's clock (`world.clock.advance`). */
  latency(ms: number, options: FaultMatch = {}): Promise<string> {
    return this.add({ app_id: this.appId, kind: "latency", ms, ...this.match(options) });
  }

  /** The pending faults of every app, oldest first. */
  pending(): Promise<PendingFault[]> {
    return this.dev.call("listFaults");
  }

  /** Clears every pending fault. */
  async clear(): Promise<void> {
    await this.dev.call("clearFaults");
  }

  private match(options: FaultMatch) {
    return {
      count: options.count ?? 1,
      ...(options.method === undefined ? {} : { method: options.method as FaultMethod }),
      ...(options.pathPrefix === undefined ? {} : { path_prefix: options.pathPrefix }),
    };
  }

  private async add(body: DevCallOptions<"createFault">["body"]): Promise<string> {
    return (await this.dev.call("createFault", { body })).id;
  }
}
