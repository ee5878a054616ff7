import type { Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerOptions } from "../src/index.js";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

async function world(rateLimits: ServerOptions["rateLimits"] = true): Promise<TestWorld> {
  h = await startHarness({ rateLimits });
  return setupWorld(h);
}

describe("rate limits", () => {
  it("allow 50 requests per second per bot, then 429 global with Retry-After", async () => {
    const w = await world();
    for (let i = 0; i < 50; i++) {
      const result = await h.bot(w.token, "GET", "/v1/users/@me");
      expect(result.status).toBe(200);
      expect(result.headers.get("x-ratelimit-remaining")).toBe(String(49 - i));
    }
    const limited = await h.bot<ErrorAnswer>(w.token, "GET", "/v1/users/@me");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: "rate_limited",
      message: expect.any(String),
      retry_after: 1,
      global: true,
    });
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.headers.get("x-ratelimit-bucket")).toBe("global");
    h.clock.advance(400);
    const still = await h.bot<ErrorAnswer>(w.token, "GET", "/v1/users/@me");
    expect(still.body.retry_after).toBeCloseTo(0.6, 5);
    expect(still.headers.get("x-ratelimit-reset-after")).toBe("0.600");
    h.clock.advance(600);
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(200);
  });

  it("put headers on every /v1 answer, errors included", async () => {
    const w = await world();
    const missing = await h.bot(w.token, "GET", "/v1/channels/1");
    expect(missing.status).toBe(404);
    for (const name of ["limit", "remaining", "reset-after", "bucket"]) {
      expect(missing.headers.get(`x-ratelimit-${name}`)).not.toBeNull();
    }
    expect(missing.headers.get("x-ratelimit-limit")).toBe("50");
  });

  it("allow 5 messages per 5 seconds per channel", async () => {
    const w = await world();
    const path = `/v1/channels/${w.general.id}/messages`;
    for (let i = 0; i < 5; i++) ok(await h.bot<Message>(w.token, "POST", path, { content: `m${i}` }), 201);
    const limited = await h.bot<ErrorAnswer>(w.token, "POST", path, { content: "too many" });
    expect(limited.status).toBe(429);
    expect(limited.body.global).toBe(false);
    expect(limited.body.retry_after).toBe(5);
    expect(limited.headers.get("x-ratelimit-bucket")).toBe(`message_create:${w.general.id}`);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("5");
    const other = ok(
      await h.dev<{ id: string }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/channels`,
        { name: "other", kind: "text" },
        { as: w.owner.id },
      ),
      201,
    );
    expect(
      (await h.bot(w.token, "POST", `/v1/channels/${other.id}/messages`, { content: "elsewhere" })).status,
    ).toBe(201);
    h.clock.advance(5_000);
    expect((await h.bot(w.token, "POST", path, { content: "again" })).status).toBe(201);
    expect(ok(await h.bot<Message[]>(w.token, "GET", `${path}?limit=100`))).toHaveLength(6);
  });

  it("allow one reaction per 0.25 s per channel", async () => {
    const w = await world();
    const message = ok(
      await h.bot<Message>(w.token, "POST", `/v1/channels/${w.general.id}/messages`, { content: "x" }),
      201,
    );
    const path = (emoji: string) =>
      `/v1/channels/${w.general.id}/messages/${message.id}/reactions/${encodeURIComponent(emoji)}/@me`;
    expect((await h.bot(w.token, "PUT", path("👍"))).status).toBe(204);
    const limited = await h.bot<ErrorAnswer>(w.token, "PUT", path("🎉"));
    expect(limited.status).toBe(429);
    expect(limited.body.retry_after).toBe(0.25);
    h.clock.advance(250);
    expect((await h.bot(w.token, "PUT", path("🎉"))).status).toBe(204);
    const read = ok(
      await h.bot<Message>(w.token, "GET", `/v1/channels/${w.general.id}/messages/${message.id}`),
    );
    expect(read.reactions.map((r) => r.emoji.name)).toEqual(["👍", "🎉"]);
  });

  it("are configurable", async () => {
    const w = await world({ globalPerBot: { limit: 2, windowMs: 10_000 } });
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(200);
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(200);
    const limited = await h.bot<ErrorAnswer>(w.token, "GET", "/v1/users/@me");
    expect(limited.status).toBe(429);
    expect(limited.body.retry_after).toBe(10);
  });

  it("switch off, leaving no headers", async () => {
    const w = await world(false);
    for (let i = 0; i < 60; i++) expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(200);
    for (let i = 0; i < 7; i++)
      ok(await h.bot(w.token, "POST", `/v1/channels/${w.general.id}/messages`, { content: `m${i}` }), 201);
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).headers.get("x-ratelimit-limit")).toBeNull();
  });
});
