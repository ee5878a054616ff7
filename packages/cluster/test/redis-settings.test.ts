import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { defineBot, MemoryLogger } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClusterNode } from "../src/index.js";
import { startRedisServer } from "../src/testing/redis-server.js";

const bot = defineBot({ logger: "silent" });
let world: Awaited<ReturnType<typeof createTestWorld>>;
beforeAll(async () => {
  world = await createTestWorld({ rateLimits: false });
});
afterAll(() => world.close());

/** What a worker started on a redis-server run with `config` said at `warn` and `info` about Redis. */
async function startedOn(config: readonly string[]): Promise<{ warn: string[]; info: string[] }> {
  const redis = await startRedisServer({ config });
  const logger = new MemoryLogger();
  try {
    const node = await startClusterNode(bot, {
      redis: redis.url,
      role: "worker",
      token: world.token,
      baseUrl: world.baseUrl,
      logger,
    });
    await node.stop();
  } finally {
    await redis.close();
  }
  const about = (level: string) =>
    logger.lines.filter((l) => l.level === level && /Redis/.test(l.message)).map((l) => l.message);
  return { warn: about("warn"), info: about("info") };
}

describe("the Redis server's settings, checked at start", () => {
  it("warns of no append-only file: a restart loses what was acknowledged since the last snapshot", async () => {
    const { warn } = await startedOn(["appendonly no"]);
    expect(warn).toHaveLength(1);
    expect(warn[0]).toMatch(
      /^cluster: Redis appendonly is no: a restart of Redis loses what it acknowledged/,
    );
    expect(warn[0]).toContain("set appendonly yes");
  });

  it("warns of an append-only file left to the operating system to flush", async () => {
    const { warn } = await startedOn(["appendfsync no"]);
    expect(warn).toHaveLength(1);
    expect(warn[0]).toMatch(/^cluster: Redis appendfsync is no: .*flush interval/);
  });

  it("warns of a memory limit that evicts keys", async () => {
    const { warn } = await startedOn(["maxmemory 64mb", "maxmemory-policy allkeys-lru"]);
    expect(warn).toHaveLength(1);
    expect(warn[0]).toMatch(
      /^cluster: Redis maxmemory-policy is allkeys-lru with maxmemory 67108864: a full Redis evicts keys silently/,
    );
  });

  it("says once at info that the settings could not be checked when Redis refuses CONFIG", async () => {
    const { warn, info } = await startedOn(['rename-command CONFIG ""']);
    expect(warn).toEqual([]);
    expect(info.filter((m) => m.includes("could not check"))).toHaveLength(1);
    expect(info[0]).toMatch(/could not check the Redis server's settings \(ERR unknown command 'config'/);
  });

  it("warns of nothing on a Redis set up as the cluster needs", async () => {
    const { warn, info } = await startedOn([
      "appendfsync everysec",
      "maxmemory 64mb",
      "maxmemory-policy noeviction",
    ]);
    expect(warn).toEqual([]);
    expect(info).toEqual([]);
  });
});

describe("the redis option", () => {
  const start = (redis: string) =>
    startClusterNode(bot, { redis, role: "worker", token: "t", baseUrl: "http://127.0.0.1:1" });

  it("takes a Sentinel group as redis+sentinel://, and names the rule a bad one breaks", async () => {
    await expect(start("redis+sentinel://127.0.0.1:26379")).rejects.toThrow(
      /^redis must end with the name of the group the Sentinels watch/,
    );
    await expect(start("redis+sentinel:///mymaster")).rejects.toThrow(
      /^redis must list at least one Sentinel/,
    );
    await expect(start("redis+sentinel://a:1,b:99999/mymaster")).rejects.toThrow(
      /^redis has Sentinel ports from 1 to 65535, and b:99999 is not one/,
    );
    await expect(start("redis+sentinel://a/mymaster/x")).rejects.toThrow(
      /^redis must have a whole database number/,
    );
    await expect(start("redis+sentinel://a/mymaster?role=slave")).rejects.toThrow(
      /^redis takes only sentinelUsername and sentinelPassword in its query, not "role"/,
    );
    // A password in the URL stays out of the message.
    await expect(start("redis+sentinel://u:secret@a:1")).rejects.toThrow('got "redis+sentinel://u:***@a:1"');
    await expect(start("sentinel://a:26379/mymaster")).rejects.toThrow(
      /^redis must be a redis:\/\/ or rediss:\/\/ URL, or redis\+sentinel:\/\//,
    );
  });

  it("chatbot-cluster refuses a bad REDIS_URL as a usage error (exit 2), naming redis and the rule", () => {
    const bin = fileURLToPath(new URL("../bin/chatbot-cluster.js", import.meta.url));
    const run = spawnSync(process.execPath, [bin, "--role", "worker"], {
      env: {
        ...process.env,
        REDIS_URL: "redis+sentinel://127.0.0.1:26379",
        CHATBOT_TOKEN: "t",
        CHATBOT_BASE_URL: "http://127.0.0.1:1",
      },
      encoding: "utf8",
    });
    expect(run.stderr).toMatch(
      /^chatbot-cluster: redis must end with the name of the group the Sentinels watch/,
    );
    expect(run.status).toBe(2);
  });
});
