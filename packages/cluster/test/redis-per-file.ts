import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { type RedisServer, startRedisServer } from "../src/testing/redis-server.js";

/**
 * A redis-server of the test file's own (Debian's, on a free loopback port), started before its
 * tests and stopped after them, with every connection `connect()` made closed first.
 */
export function redisPerFile(): { readonly url: string; connect(): Redis } {
  let server: RedisServer | undefined;
  const connections: Redis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error("redisPerFile: the server starts in beforeAll");
      return server.url;
    },
    connect() {
      const redis = new Redis(this.url, { maxRetriesPerRequest: null });
      connections.push(redis);
      return redis;
    },
  };
}
