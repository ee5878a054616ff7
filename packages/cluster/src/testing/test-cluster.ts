import type { BotDefinition } from "@chatbot/framework";
import { type ClusterNode, type ClusterNodeOptions, startClusterNode } from "../start-cluster-node.js";
import { type RedisServer, startRedisServer } from "./redis-server.js";

/** Where a test's bot runs: what `createTestWorld` gives (`token`, `baseUrl`, `gatewayUrl`). */
export interface ClusterTarget {
  readonly token: string;
  readonly baseUrl: string;
  readonly gatewayUrl: string;
}

/** Options of {@link startTestCluster}. */
export interface TestClusterOptions extends Partial<
  Omit<ClusterNodeOptions, "redis" | "role" | "token" | "baseUrl" | "gatewayUrl" | "nodeId">
> {
  /** Processes that compete for the connection (1). */
  readonly gateways?: number;
  /** Processes that run handlers (2). */
  readonly workers?: number;
  /** A running Redis to use; default a redis-server of the test's own, removed by `stop()`. */
  readonly redis?: string;
}

/** A bot running as a cluster inside a test. */
export interface TestCluster {
  /** The Redis URL the nodes share. */
  readonly redis: string;
  /** The gateway nodes, then the workers, in the order they started. */
  readonly gateways: readonly ClusterNode[];
  readonly workers: readonly ClusterNode[];
  /** Stops every node, then the test's own redis-server. */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Runs a bot as a cluster inside a test's process: `gateways` nodes that compete for the gateway
 * connection and `workers` that run its handlers, on one Redis (the test's own by default). With
 * `@chatbot/testing`, pass the world: `await using cluster = await startTestCluster(world, bot)`.
 */
export async function startTestCluster(
  target: ClusterTarget,
  definition: BotDefinition,
  options: TestClusterOptions = {},
): Promise<TestCluster> {
  const { gateways = 1, workers = 2, redis: url, ...rest } = options;
  const own: RedisServer | null = url === undefined ? await startRedisServer() : null;
  const redis = url ?? own!.url;
  const started: ClusterNode[] = [];
  const stop = async () => {
    for (const node of started.splice(0).reverse()) await node.stop();
    await own?.close();
  };
  try {
    const common = {
      redis,
      token: target.token,
      baseUrl: target.baseUrl,
      gatewayUrl: target.gatewayUrl,
      heartbeatMs: 200,
      leaseMs: 1_000,
      logger: "warn" as const,
      ...rest,
    };
    for (let i = 0; i < workers; i++) {
      started.push(
        await startClusterNode(definition, { ...common, role: "worker", nodeId: `worker-${i + 1}` }),
      );
    }
    for (let i = 0; i < gateways; i++) {
      started.push(
        await startClusterNode(definition, { ...common, role: "gateway", nodeId: `gateway-${i + 1}` }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    redis,
    workers: started.filter((n) => n.role === "worker"),
    gateways: started.filter((n) => n.role === "gateway"),
    stop,
    [Symbol.asyncDispose]: stop,
  };
}
