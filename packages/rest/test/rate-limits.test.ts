import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimitError, RestClient, type ResponseInfo } from "../src/index.js";
import { startWorld, type TestWorld } from "./world.js";

let world: TestWorld;

// The service's real limiter, with the message window shortened so that 200 sends take seconds
// instead of minutes (5 per 100 ms per channel; the global 50 per second as by default).
beforeAll(async () => {
  world = await startWorld({ rateLimits: { messageCreatePerChannel: { limit: 5, windowMs: 100 } } });
});
afterAll(() => world.close());

describe("rate limits", () => {
  it("lands 200 sends into one channel in order, none refused", async () => {
    const answers: ResponseInfo[] = [];
    const rest = new RestClient({
      token: world.token,
      baseUrl: world.baseUrl,
      hooks: { response: (r) => answers.push(r) },
    });
    const channel = await world.dev<{ id: string }>(
      "POST",
      `/guilds/${world.guildId}/channels`,
      { name: "flood", kind: "text" },
      world.ownerId,
    );
    const contents = Array.from({ length: 200 }, (_, i) => `message ${i}`);
    const sent = await Promise.all(contents.map((content) => rest.createMessage(channel.id, { content })));
    expect(sent.map((m) => m.content)).toEqual(contents);
    expect(answers.filter((a) => a.status === 429)).toEqual([]);
    expect(answers.length).toBe(200);
    const landed: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 3; page++) {
      const list = await rest.listMessages(
        channel.id,
        before === undefined ? { limit: 100 } : { limit: 100, before },
      );
      landed.push(...list.map((m) => m.content));
      before = list.at(-1)?.id;
      if (list.length < 100) break;
    }
    expect(landed.reverse()).toEqual(contents);
  });

  it("rejects instead of waiting when the caller opts out, without sending", async () => {
    const answers: ResponseInfo[] = [];
    const rest = new RestClient({
      token: world.token,
      baseUrl: world.baseUrl,
      hooks: { response: (r) => answers.push(r) },
    });
    const first = Array.from({ length: 5 }, (_, i) =>
      rest.createMessage(world.channelId, { content: `fill ${i}` }),
    );
    await Promise.all(first);
    const error = await rest
      .createMessage(world.channelId, { content: "one too many" }, { rejectOnRateLimit: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      code: "rate_limited",
      global: false,
      bucket: `message_create:${world.channelId}`,
      method: "POST",
    });
    expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(0);
    expect(answers.length).toBe(5);
  });

  it("keeps the client under the global limit of 50 per second", async () => {
    // A bot of its own: another client's calls in this window would count against it unseen.
    const own = await startWorld({ rateLimits: true });
    try {
      const answers: ResponseInfo[] = [];
      const rest = new RestClient({
        token: own.token,
        baseUrl: own.baseUrl,
        hooks: { response: (r) => answers.push(r) },
      });
      const started = Date.now();
      await Promise.all(Array.from({ length: 120 }, () => rest.getMe()));
      expect(answers.filter((a) => a.status === 429)).toEqual([]);
      expect(answers.length).toBe(120);
      // 120 calls at 50 per second need two full windows.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    } finally {
      await own.close();
    }
  });

  it("sends background calls (recovery's reads) after the bot's own, within their share of each second", async () => {
    const own = await startWorld({ rateLimits: true });
    try {
      const rest = new RestClient({ token: own.token, baseUrl: own.baseUrl, backgroundShare: 0.1 });
      const done: string[] = [];
      const started = Date.now();
      // 15 background reads and 40 of the bot's own calls, all asked for at once: at 50 per second
      // and a tenth of it for the background, the bot's 40 go in the first second.
      const background = Array.from({ length: 15 }, (_, i) =>
        rest
          .listMessages(own.channelId, { limit: 1 }, { priority: "background" })
          .then(() => done.push(`read ${i}`)),
      );
      const mine = Array.from({ length: 40 }, (_, i) => rest.getMe().then(() => done.push(`mine ${i}`)));
      await Promise.all(mine);
      const mineTook = Date.now() - started;
      expect(mineTook).toBeLessThan(1_000);
      expect(done.filter((d) => d.startsWith("read")).length).toBeLessThanOrEqual(5);
      await Promise.all(background);
      // 5 background calls a second: 15 need 3 windows.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    } finally {
      await own.close();
    }
  }, 30_000);

  it("checks backgroundShare", () => {
    expect(() => new RestClient({ token: "t", baseUrl: "http://127.0.0.1:1", backgroundShare: 0 })).toThrow(
      "backgroundShare must be a number above 0 and at most 1, got 0",
    );
  });
});
