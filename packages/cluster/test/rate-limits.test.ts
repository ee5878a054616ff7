import { fileURLToPath } from "node:url";
import { RestClient } from "@chatbot/rest";
import { startServer } from "@chatbot/server";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { RedisRateLimits } from "../src/index.js";
import { startRedisServer } from "../src/testing/index.js";

const DEMO = fileURLToPath(new URL("../../../examples/worlds/demo.json", import.meta.url));
const GENERAL = "100000000000005001";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

/**
 * Eight writers (each its own client with its own connections and limits, as eight processes
 * would have) post 4 messages each into one channel as fast as they may, against a server on the
 * real clock whose message limit is 5 per 400 ms; answers the 429s they met and what was posted.
 */
async function eightWriters(shared: boolean): Promise<{ refused: number; posted: number }> {
  const server = await startServer({
    port: 0,
    seed: DEMO,
    rateLimits: { messageCreatePerChannel: { limit: 5, windowMs: 400 } },
  });
  cleanups.push(() => server.close());
  const redis = await startRedisServer();
  cleanups.push(() => redis.close());
  let refused = 0;
  const writers = Array.from({ length: 8 }, () => {
    const connection = new Redis(redis.url);
    cleanups.push(() => connection.disconnect());
    const client = new RestClient({
      token: "demo-bot-token",
      baseUrl: server.baseUrl,
      ...(shared && { sharedRateLimits: new RedisRateLimits(connection, "chatbot:test") }),
      hooks: { rateLimited: (info) => void (info.refused && (refused += 1)) },
    });
    cleanups.push(() => client.close());
    return client;
  });
  const posts = writers.flatMap((client, w) =>
    Array.from({ length: 4 }, (_, i) => client.createMessage(GENERAL, { content: `writer ${w} post ${i}` })),
  );
  const results = await Promise.allSettled(posts);
  return { refused, posted: results.filter((r) => r.status === "fulfilled").length };
}

describe("rate limits shared in Redis", () => {
  it("eight writers into one channel meet no 429 and post everything", async () => {
    expect(await eightWriters(true)).toEqual({ refused: 0, posted: 32 });
  });

  it("without them, the same eight writers are refused (the test can fail)", async () => {
    const { refused, posted } = await eightWriters(false);
    expect(refused).toBeGreaterThan(0);
    // Each client waits its 429s out and retries, so the posts still land.
    expect(posted).toBe(32);
  });
});
