import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  RateLimitError,
  RestClient,
  type RateLimitInfo,
  type ResponseInfo,
  type RetryInfo,
} from "../src/index.js";
import { startLossyProxy } from "./lossy-proxy.js";
import { startWorld, type TestWorld } from "./world.js";

let world: TestWorld;

beforeAll(async () => {
  world = await startWorld({ rateLimits: true });
});
afterAll(() => world.close());
beforeEach(() => world.dev("DELETE", "/faults"));

/** A client that records what it met. */
function recordingClient(baseUrl = world.baseUrl) {
  const seen = { answers: [] as ResponseInfo[], limits: [] as RateLimitInfo[], retries: [] as RetryInfo[] };
  const rest = new RestClient({
    token: world.token,
    baseUrl,
    retryDelay: 20,
    hooks: {
      response: (info) => seen.answers.push(info),
      rateLimited: (info) => seen.limits.push(info),
      retry: (info) => seen.retries.push(info),
    },
  });
  return { rest, seen };
}

const fault = (body: Record<string, unknown>) =>
  world.dev("POST", "/faults", { app_id: world.appId, kind: "http", ...body });

async function channelWithNoMessages(): Promise<string> {
  const channel = await world.dev<{ id: string }>(
    "POST",
    `/guilds/${world.guildId}/channels`,
    { name: `c${Date.now()}`, kind: "text" },
    world.ownerId,
  );
  return channel.id;
}

describe("429 answers", () => {
  it("are waited out for retry_after and retried", async () => {
    const { rest, seen } = recordingClient();
    await fault({ status: 429, count: 2, retry_after: 0.2, path_prefix: "/v1/users/@me" });
    const started = Date.now();
    expect((await rest.getMe()).id).toBe(world.botUserId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(seen.answers.map((a) => a.status)).toEqual([429, 429, 200]);
    expect(seen.limits.filter((l) => l.refused)).toMatchObject([
      { global: true, waitMs: 200 },
      { global: true, waitMs: 200 },
    ]);
  });

  it("of a message bucket hold that channel's sends, which then land in order", async () => {
    const { rest, seen } = recordingClient();
    const channelId = await channelWithNoMessages();
    await fault({
      status: 429,
      count: 1,
      retry_after: 0.3,
      method: "POST",
      path_prefix: `/v1/channels/${channelId}`,
    });
    const sent = await Promise.all(
      ["a", "b", "c"].map((content) => rest.createMessage(channelId, { content })),
    );
    expect(sent.map((m) => m.content)).toEqual(["a", "b", "c"]);
    expect(seen.answers.map((a) => a.status)).toEqual([429, 201, 201, 201]);
    expect(seen.limits[0]).toMatchObject({
      refused: true,
      global: false,
      bucket: `message_create:${channelId}`,
    });
  });

  it("become a RateLimitError when the caller opts out of waiting, or the wait is too long", async () => {
    const { rest } = recordingClient();
    await fault({ status: 429, count: 1, retry_after: 0.5, path_prefix: "/v1/users/@me" });
    const error = await rest.getMe({ rejectOnRateLimit: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 500, global: true, status: 429, path: "/v1/users/@me" });
    const patient = new RestClient({ token: world.token, baseUrl: world.baseUrl, maxRateLimitWait: 1_000 });
    await fault({ status: 429, count: 1, retry_after: 60, path_prefix: "/v1/applications/@me" });
    await expect(patient.getApplication()).rejects.toMatchObject({
      name: "RateLimitError",
      retryAfterMs: 60_000,
    });
  });
});

describe("5xx answers and lost answers", () => {
  it("are retried with growing waits for reads", async () => {
    const { rest, seen } = recordingClient();
    await fault({ status: 503, count: 2, path_prefix: "/v1/users/@me" });
    expect((await rest.getMe()).id).toBe(world.botUserId);
    expect(seen.answers.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(seen.retries.map((r) => [r.attempt, r.status])).toEqual([
      [1, 503],
      [2, 503],
    ]);
    expect(seen.retries[1]!.waitMs).toBeGreaterThanOrEqual(40);
  });

  it("give up after `retries` with the service's error", async () => {
    const { rest } = recordingClient();
    await fault({ status: 500, count: 4, path_prefix: "/v1/users/@me" });
    await expect(rest.getMe()).rejects.toMatchObject({ name: "ApiError", status: 500 });
  });

  it("retry a send after a 503, and it posts once", async () => {
    const { rest, seen } = recordingClient();
    const channelId = await channelWithNoMessages();
    await fault({ status: 503, count: 1, method: "POST", path_prefix: `/v1/channels/${channelId}/messages` });
    const sent = await rest.createMessage(channelId, { content: "once" });
    expect(seen.answers.map((a) => a.status)).toEqual([503, 201]);
    const list = await rest.listMessages(channelId);
    expect(list.map((m) => m.id)).toEqual([sent.id]);
  });

  it("retry a send whose answer was lost after it posted, and the nonce keeps it to one post", async () => {
    const proxy = await startLossyProxy(world.baseUrl);
    try {
      const { rest, seen } = recordingClient(proxy.baseUrl);
      const channelId = await channelWithNoMessages();
      proxy.dropAnswers(1);
      const sent = await rest.createMessage(channelId, { content: "exactly once" });
      expect(proxy.dropped).toBe(1);
      expect(seen.retries).toMatchObject([{ attempt: 1, status: null }]);
      const list = await rest.listMessages(channelId);
      expect(list.map((m) => [m.id, m.content])).toEqual([[sent.id, "exactly once"]]);
    } finally {
      await proxy.close();
    }
  });

  it("do not retry other writes blindly", async () => {
    const { rest, seen } = recordingClient();
    const channelId = await channelWithNoMessages();
    const sent = await rest.createMessage(channelId, { content: "edit me" });
    await fault({ status: 503, count: 1, method: "PATCH" });
    const error = await rest.editMessage(channelId, sent.id, { content: "edited" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, method: "PATCH" });
    expect(seen.retries).toEqual([]);
  });
});
