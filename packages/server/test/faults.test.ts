import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventWorld, eventWorld, GatewayHarness } from "./gateway-harness.js";

let h: GatewayHarness;
let w: EventWorld;
beforeEach(async () => {
  h = await GatewayHarness.start({ rateLimits: true });
  w = await eventWorld(h);
});
afterEach(() => h.close());

interface Fault {
  id: string;
}

const messagesPath = () => `/v1/channels/${w.guild.generalId}/messages`;

async function messageCount(): Promise<number> {
  return h.server.core.world.tables.messages.ordered("channel", w.guild.generalId).size;
}

describe("POST /dev/v1/faults", () => {
  it("closes the app's gateway connection with the code given", async () => {
    const { client } = await h.connect(w.app.token, ["guilds"]);
    const answer = await h.devCall<Fault & { closed: boolean }>("POST", "/faults", {
      app_id: w.app.id,
      kind: "close_gateway",
      code: 4000,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.stringMatching(/^\d+$/), closed: true });
    expect(await client.closed).toMatchObject({ code: 4000 });
    const again = await h.devCall<{ closed: boolean }>("POST", "/faults", {
      app_id: w.app.id,
      kind: "close_gateway",
      code: 4009,
      reason: "testing",
    });
    expect(again.body.closed).toBe(false);
  });

  it("answers the next count calls with a 429 like a real one, changing nothing", async () => {
    await h.dev("POST", "/faults", {
      app_id: w.app.id,
      kind: "http",
      status: 429,
      count: 2,
      retry_after: 2.5,
    });
    for (let i = 0; i < 2; i++) {
      const limited = await h.bot(w.app.token, "POST", messagesPath(), { content: "lost" });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        code: "rate_limited",
        message: "you are being rate limited",
        retry_after: 2.5,
        global: false,
      });
      expect(limited.headers.get("retry-after")).toBe("3");
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(limited.headers.get("x-ratelimit-limit")).toBe("5");
      expect(limited.headers.get("x-ratelimit-reset-after")).toBe("2.500");
      expect(limited.headers.get("x-ratelimit-bucket")).toBe(`message_create:${w.guild.generalId}`);
    }
    expect(await messageCount()).toBe(0);
    const passed = await h.bot(w.app.token, "POST", messagesPath(), { content: "kept" });
    expect(passed.status).toBe(201);
    expect(await messageCount()).toBe(1);

    // A route without its own bucket can only hit the global limit.
    await h.dev("POST", "/faults", { app_id: w.app.id, kind: "http", status: 429, count: 1 });
    const me = await h.bot(w.app.token, "GET", "/v1/users/@me");
    expect(me.status).toBe(429);
    expect(me.body).toMatchObject({ retry_after: 1, global: true });
    expect(me.headers.get("x-ratelimit-bucket")).toBe("global");
  });

  it("answers 500 and 503 only to the matching method and path prefix, for that app only", async () => {
    const other = await h.app("Other");
    await h.install(w.guild.id, other.id, w.ownerId);
    await h.dev("POST", "/faults", {
      app_id: w.app.id,
      kind: "http",
      status: 503,
      count: 1,
      method: "POST",
      path_prefix: "/v1/channels/",
    });
    await h.dev("POST", "/faults", {
      app_id: w.app.id,
      kind: "http",
      status: 500,
      count: 1,
      path_prefix: "/v1/guilds",
    });
    expect((await h.bot(other.token, "POST", messagesPath(), { content: "other app" })).status).toBe(201);
    expect((await h.bot(w.app.token, "GET", messagesPath())).status).toBe(200);
    expect((await h.bot(w.app.token, "GET", "/v1/users/@me")).status).toBe(200);
    const unavailable = await h.bot(w.app.token, "POST", messagesPath(), { content: "lost" });
    expect(unavailable).toMatchObject({ status: 503, body: { code: "service_unavailable" } });
    const broken = await h.bot(w.app.token, "GET", `/v1/guilds/${w.guild.id}`);
    expect(broken).toMatchObject({ status: 500, body: { code: "internal_error" } });
    expect((await h.bot(w.app.token, "GET", `/v1/guilds/${w.guild.id}`)).status).toBe(200);
    expect(await messageCount()).toBe(1);
  });

  it("answers the next count calls ms later on the server's clock", async () => {
    await h.dev("POST", "/faults", { app_id: w.app.id, kind: "latency", ms: 2_000, count: 1 });
    let answered = false;
    const slow = h.bot(w.app.token, "POST", messagesPath(), { content: "slow" }).then((a) => {
      answered = true;
      return a;
    });
    // The call waits; other calls go through meanwhile.
    for (let i = 0; i < 3; i++) expect((await h.bot(w.app.token, "GET", "/v1/users/@me")).status).toBe(200);
    expect(answered).toBe(false);
    expect(await messageCount()).toBe(0);
    await h.advance(1_999);
    expect((await h.bot(w.app.token, "GET", "/v1/users/@me")).status).toBe(200);
    expect(answered).toBe(false);
    await h.advance(1);
    expect((await slow).status).toBe(201);
    expect(await messageCount()).toBe(1);
  });

  it("lists pending faults, clears them all with DELETE, and with a reset", async () => {
    await h.dev("POST", "/faults", { app_id: w.app.id, kind: "http", status: 500, count: 3 });
    await h.dev("POST", "/faults", { app_id: w.app.id, kind: "latency", ms: 10, count: 1, method: "GET" });
    const listed = await h.dev<{ kind: string; remaining: number }[]>("GET", "/faults");
    expect(listed.map((f) => [f.kind, f.remaining])).toEqual([
      ["http", 3],
      ["latency", 1],
    ]);
    const cleared = await h.devCall("DELETE", "/faults");
    expect(cleared.status).toBe(204);
    expect(await h.dev("GET", "/faults")).toEqual([]);
    expect((await h.bot(w.app.token, "GET", "/v1/users/@me")).status).toBe(200);
    await h.dev("POST", "/faults", { app_id: w.app.id, kind: "http", status: 500, count: 3 });
    await h.dev("POST", "/reset");
    expect(await h.dev("GET", "/faults")).toEqual([]);
  });

  it("validates the body, naming the field and the rule", async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ app_id: w.app.id, kind: "explode" }, { kind: ["must be close_gateway, http or latency"] }],
      [{ app_id: w.app.id }, { kind: ["is required"] }],
      [
        { app_id: w.app.id, kind: "close_gateway", code: 1006 },
        { code: ["must be 1000, 1001 or an integer from 3000 to 4999"] },
      ],
      [
        { app_id: w.app.id, kind: "http", status: 404, count: 1 },
        { status: ["must be one of 429, 500, 503"] },
      ],
      [{ app_id: w.app.id, kind: "http", status: 500, count: 0 }, { count: ["must be 1 to 100000"] }],
      [
        { app_id: w.app.id, kind: "http", status: 500, count: 1, path_prefix: "/dev/v1" },
        { path_prefix: ["must start with /v1"] },
      ],
      [
        { app_id: w.app.id, kind: "http", status: 500, count: 1, method: "TRACE" },
        { method: ["must be one of GET, POST, PUT, PATCH, DELETE"] },
      ],
      [{ app_id: w.app.id, kind: "latency", ms: -1, count: 1 }, { ms: ["must be 0 to 600000"] }],
      [{ app_id: w.app.id, kind: "latency", ms: 5, count: 1, extra: true }, { extra: expect.any(Array) }],
    ];
    for (const [body, errors] of cases) {
      const answer = await h.devCall<{ code: string; errors: Record<string, string[]> }>(
        "POST",
        "/faults",
        body,
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("invalid_body");
      expect(answer.body.errors).toEqual(errors);
    }
    const unknown = await h.devCall("POST", "/faults", { app_id: "123", kind: "close_gateway", code: 4000 });
    expect(unknown).toMatchObject({ status: 404, body: { code: "unknown_application" } });
  });
});
