import type { BotDefinition } from "@chatbot/framework";
import { type ClusterNode, type ClusterNodeOptions, startClusterNode } from "../start-cluster-node.js";
import { waitForBalance } from "./balance.js";
import { type RedisServer, startRedisServer } from "./redis-server.js";

/** How long the partitions may take to be shared, in real time: a few of the test's heartbeats. */
const BALANCE_TIMEOUT_MS = 10_000;

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
  /**
   * Resolves once the running workers share the partitions (none holds more than its share, all
   * are held): `startTestCluster` waits for it; a test that stops or adds a worker waits again.
   */
  balanced(): Promise<void>;
  /** Stops every node, then the test's own redis-server. */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Runs a bot as a cluster inside a test's process: `gateways` nodes that compete for the gateway
 * connection and `workers` that run its handlers, on one Redis (the test's own by default). With
 * `@chatbot/testing`, pass the world: `await using cluster = await startTestCluster(world, bot)`.
 * Resolves once the workers share the partitions (16 over 2 workers: 8 each).
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
  const workerNodes = () => started.filter((n) => n.role === "worker");
  const balanced = () => waitForBalance(workerNodes(), rest.partitions ?? 16, BALANCE_TIMEOUT_MS);
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
    // The first worker takes every partition and the others get theirs at its next heartbeats: a
    // test of work across workers starts once they are shared.
    await balanced();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    redis,
    workers: workerNodes(),
    gateways: started.filter((n) => n.role === "gateway"),
    balanced,
    stop,
    [Symbol.asyncDispose]: stop,
  };
}
