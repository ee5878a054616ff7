// A throwaway Redis with a replica and Sentinel for a test: a primary, a replica and one or three
// sentinels, each a plain child process on a free port of 127.0.0.1 with its files in a temporary
// folder, never a system service. It needs `redis-server` and `redis-sentinel` (Debian:
// `apt-get install redis-server redis-sentinel`).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sleep } from "@chatbot/kit";
import { Redis } from "ioredis";
import { exited, launchUntil, onFreePort, type RedisServer, startRedisServer } from "./redis-server.js";

/** The redis-sentinel program: `REDIS_SENTINEL` in the environment, else where Debian installs it. */
export const REDIS_SENTINEL = process.env.REDIS_SENTINEL ?? "/usr/bin/redis-sentinel";

/** Options of {@link startRedisSentinel}. */
export interface RedisSentinelOptions {
  /** Sentinels watching the primary (1); with 3, two of them must agree that it is down. */
  readonly sentinels?: 1 | 3;
  /** The group's name (`mymaster`). */
  readonly name?: string;
  /** How long the primary must not answer before a sentinel thinks it down (500 ms). */
  readonly downAfterMs?: number;
  /** Sentinel's `failover-timeout` (2,000 ms): a failover that stalls is tried again after it. */
  readonly failoverTimeoutMs?: number;
}

/** A primary, its replica and the sentinels watching them, as {@link startRedisSentinel} started them. */
export interface RedisSentinelGroup {
  /** `redis+sentinel://127.0.0.1:<port>[,127.0.0.1:<port>...]/<name>` */
  readonly url: string;
  readonly name: string;
  /** The server that was the primary at the start. */
  readonly primary: RedisServer;
  /** The server that replicated it at the start. */
  readonly replica: RedisServer;
  /** The sentinels' ports. */
  readonly sentinelPorts: readonly number[];
  /** The port of the server a sentinel names as the primary now. */
  primaryPort(): Promise<number>;
  /** Stops the sentinels and both servers, and removes their folders. */
  close(): Promise<void>;
}

/** Asks `port`'s sentinel `args` and disconnects. */
async function askSentinel(port: number, ...args: string[]): Promise<unknown> {
  const client = new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    return await client.call("SENTINEL", ...args);
  } finally {
    client.disconnect();
  }
}

/** Calls `check` every 100 ms until it holds, failing with `what` after 15 s. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`the Sentinel group is not ready: ${what}`);
    await sleep(100);
  }
}

/**
 * Starts a Redis primary (append-only, synced every second), a replica of it and `sentinels`
 * sentinels, and resolves once every sentinel knows the replica in sync and the other sentinels, so
 * that a failover can start at once: kill the primary (`group.primary.kill()`) and the sentinels
 * promote the replica about `downAfterMs` and an election later.
 */
export async function startRedisSentinel(options: RedisSentinelOptions = {}): Promise<RedisSentinelGroup> {
  if (!existsSync(REDIS_SENTINEL)) {
    throw new Error(`${REDIS_SENTINEL} is missing: install it (Debian: apt-get install redis-sentinel)`);
  }
  const { sentinels: count = 1, name = "mymaster", downAfterMs = 500, failoverTimeoutMs = 2_000 } = options;
  const started: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
  };
  try {
    const primary = await startRedisServer({ config: ["appendfsync everysec"] });
    started.push(() => primary.close());
    const replica = await startRedisServer({
      config: ["appendfsync everysec", `replicaof 127.0.0.1 ${primary.port}`],
    });
    started.push(() => replica.close());
    const dir = mkdtempSync(join(tmpdir(), "chatbot-sentinel-"));
    started.push(async () => rmSync(dir, { recursive: true, force: true }));
    const sentinelPorts: number[] = [];
    for (let i = 0; i < count; i++) {
      const [port, child] = await onFreePort((port) => {
        const file = join(dir, `sentinel-${port}.conf`);
        // Sentinel rewrites its file as it learns the group: it must be its own and writable.
        writeFileSync(
          file,
          [
            `port ${port}`,
            "bind 127.0.0.1",
            `dir ${dir}`,
            `sentinel monitor ${name} 127.0.0.1 ${primary.port} ${count === 1 ? 1 : 2}`,
            `sentinel down-after-milliseconds ${name} ${downAfterMs}`,
            `sentinel failover-timeout ${name} ${failoverTimeoutMs}`,
            `sentinel parallel-syncs ${name} 1`,
            "",
          ].join("\n"),
        );
        return launchUntil(REDIS_SENTINEL, [file], "+monitor master", `redis-sentinel on port ${port}`);
      });
      started.push(async () => {
        child.kill("SIGTERM");
        await exited(child);
      });
      sentinelPorts.push(port);
    }
    for (const port of sentinelPorts) {
      await until(`the sentinel on ${port} sees the replica in sync`, async () => {
        const replicas = (await askSentinel(port, "REPLICAS", name)) as string[][];
        return replicas.some((fields) => {
          const at = (key: string) => fields[fields.indexOf(key) + 1];
          return at("port") === String(replica.port) && at("master-link-status") === "ok";
        });
      });
      await until(`the sentinel on ${port} knows the others`, async () => {
        const others = (await askSentinel(port, "SENTINELS", name)) as unknown[];
        return others.length === count - 1;
      });
    }
    const hosts = sentinelPorts.map((port) => `127.0.0.1:${port}`).join(",");
    return {
      url: `redis+sentinel://${hosts}/${name}`,
      name,
      primary,
      replica,
      sentinelPorts,
      async primaryPort() {
        const [, port] = (await askSentinel(sentinelPorts[0]!, "GET-MASTER-ADDR-BY-NAME", name)) as string[];
        return Number(port);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
