import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

/** mulberry32: a small deterministic generator, so every run sends the same requests. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface BadRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

const MAX_BODY = 4096;
const WRONG_VALUES: unknown[] = [
  42,
  -1,
  1.5,
  true,
  null,
  [],
  {},
  [1, 2],
  { nested: { deep: [null] } },
  "",
  "x".repeat(3000),
];
const BAD_IDS = ["abc", "-1", "1e5", "0x10", "123456789012345678901", "18446744073709551616", "%20", "null"];
const GARBAGE = [
  '{"content": "x"',
  "{content: 1}",
  "[",
  "nul",
  '{"a":}',
  "\u0000\u0001",
  '{"content":"x"}}',
  "'single'",
];

/** Builds the requests: every one must be refused with a 4xx and change nothing. */
function badRequests(w: TestWorld, rand: () => number): BadRequest[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const bot = { authorization: `Bot ${w.token}`, "content-type": "application/json" };
  const dev = { "x-dev-user": w.owner.id, "content-type": "application/json" };
  const ch = w.general.id;
  // Routes with a body and a required string field: a wrong value there is always invalid.
  const bodyRoutes: Array<{
    method: string;
    path: string;
    headers: Record<string, string>;
    field: string;
    base: object;
    strict: boolean;
  }> = [
    {
      method: "POST",
      path: `/v1/channels/${ch}/messages`,
      headers: bot,
      field: "content",
      base: {},
      strict: false,
    },
    { method: "POST", path: "/dev/v1/users", headers: dev, field: "username", base: {}, strict: true },
    { method: "POST", path: "/dev/v1/apps", headers: dev, field: "name", base: {}, strict: true },
    {
      method: "POST",
      path: "/dev/v1/guilds",
      headers: dev,
      field: "name",
      base: { owner_id: w.owner.id },
      strict: true,
    },
    {
      method: "POST",
      path: `/dev/v1/guilds/${w.guildId}/roles`,
      headers: dev,
      field: "name",
      base: { permissions: [] },
      strict: true,
    },
    {
      method: "POST",
      path: `/dev/v1/guilds/${w.guildId}/channels`,
      headers: dev,
      field: "name",
      base: { kind: "text" },
      strict: true,
    },
    {
      method: "POST",
      path: `/dev/v1/guilds/${w.guildId}/emojis`,
      headers: dev,
      field: "name",
      base: {},
      strict: true,
    },
    {
      method: "POST",
      path: `/dev/v1/channels/${ch}/messages`,
      headers: dev,
      field: "content",
      base: {},
      strict: true,
    },
    { method: "POST", path: "/dev/v1/clock", headers: dev, field: "advance_ms", base: {}, strict: true },
  ];
  const idPaths = [
    (id: string) => ["GET", `/v1/guilds/${id}`],
    (id: string) => ["GET", `/v1/channels/${id}/messages`],
    (id: string) => ["DELETE", `/v1/channels/${ch}/messages/${id}`],
    (id: string) => ["GET", `/v1/guilds/${w.guildId}/members/${id}`],
    (id: string) => ["PATCH", `/dev/v1/channels/${id}`],
    (id: string) => ["DELETE", `/dev/v1/guilds/${w.guildId}/roles/${id}`],
  ];
  const requests: BadRequest[] = [];
  for (let i = 0; i < 320; i++) {
    const kind = i % 10;
    const route = pick(bodyRoutes);
    if (kind === 0) {
      requests.push({ method: route.method, path: route.path, headers: route.headers, body: pick(GARBAGE) });
    } else if (kind === 1 || kind === 2) {
      let wrong = pick(WRONG_VALUES);
      if (route.field === "content" && typeof wrong === "string") wrong = 7;
      if (route.field === "advance_ms" && (wrong === null || typeof wrong !== "object")) wrong = "soon";
      requests.push({ ...route, body: JSON.stringify({ ...route.base, [route.field]: wrong }) });
    } else if (kind === 3) {
      const strictRoute = pick(bodyRoutes.filter((r) => r.strict));
      const body = {
        ...strictRoute.base,
        [strictRoute.field]: strictRoute.field === "advance_ms" ? 1 : "valid_name",
        [`unknown_${i}`]: true,
      };
      requests.push({ ...strictRoute, body: JSON.stringify(body) });
    } else if (kind === 4) {
      requests.push({
        ...route,
        body: JSON.stringify({ content: "x".repeat(MAX_BODY + Math.floor(rand() * 5000)) }),
      });
    } else if (kind === 5) {
      const [method, path] = pick(idPaths)(pick(BAD_IDS));
      const headers = path!.startsWith("/v1") ? bot : dev;
      requests.push({ method: method!, path: path!, headers, ...(method === "PATCH" ? { body: "{}" } : {}) });
    } else if (kind === 6) {
      const path = `/${pick(["v1", "dev/v1", "api", "v2"])}/${pick(["nope", "users", "guilds/1/x", "channels"])}/${Math.floor(rand() * 1e6)}`;
      requests.push({ method: pick(["GET", "POST", "DELETE"]), path, headers: bot });
    } else if (kind === 7) {
      const wrong = pick([
        ["DELETE", "/v1/users/@me"],
        ["POST", "/v1/gateway"],
        ["PUT", `/v1/channels/${ch}`],
        ["GET", "/dev/v1/reset"],
        ["DELETE", "/dev/v1/clock"],
        ["PATCH", "/dev/v1/world"],
      ]);
      requests.push({ method: wrong[0]!, path: wrong[1]!, headers: bot });
    } else if (kind === 8) {
      requests.push({
        ...route,
        headers: {
          ...route.headers,
          "content-type": pick(["text/plain", "multipart/form-data; boundary=x", "application/xml"]),
        },
        body: "content=x",
      });
    } else {
      const bad = pick([
        ["GET", `/v1/channels/${ch}/messages?limit=${pick(["0", "101", "-5", "many", "1.5"])}`, bot],
        ["GET", `/v1/channels/${ch}/messages?before=${pick(BAD_IDS)}`, bot],
        [
          "GET",
          "/v1/users/@me",
          { authorization: pick(["Bearer x", "Bot wrong", "bot " + w.token, w.token, "Basic abc"]) },
        ],
        [
          "PATCH",
          `/dev/v1/guilds/${w.guildId}`,
          { "x-dev-user": pick(["abc", "999", w.botUserId]), "content-type": "application/json" },
        ],
      ] as const);
      requests.push({
        method: bad[0],
        path: bad[1],
        headers: { ...bad[2] },
        ...(bad[0] === "PATCH" ? { body: '{"name":"renamed"}' } : {}),
      });
    }
  }
  return requests;
}

let h: Harness;
let w: TestWorld;
beforeAll(async () => {
  h = await startHarness({ maxBodyBytes: MAX_BODY });
  w = await setupWorld(h, { privileged: true });
  ok(
    await h.bot(w.token, "POST", `/v1/channels/${w.general.id}/messages`, { content: "a message to aim at" }),
    201,
  );
});
afterAll(() => h.close());

describe("bad input", () => {
  it("answers a few hundred generated bad requests with a 4xx and a valid error body, changing nothing", async () => {
    const before = ok(await h.dev("GET", "/dev/v1/world"));
    const requests = badRequests(w, random(20240501));
    expect(requests.length).toBe(320);
    const statuses = new Map<number, number>();
    for (const request of requests) {
      const response = await fetch(h.server.baseUrl + request.path, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      const text = await response.text();
      const context = `${request.method} ${request.path} ${request.body?.slice(0, 80) ?? ""} → ${response.status} ${text.slice(0, 200)}`;
      expect(response.status, context).toBeGreaterThanOrEqual(400);
      expect(response.status, context).toBeLessThan(500);
      expect(response.headers.get("content-type"), context).toContain("application/json");
      const body = JSON.parse(text) as { code?: unknown; message?: unknown; errors?: unknown };
      expect(typeof body.code, context).toBe("string");
      expect(typeof body.message, context).toBe("string");
      if (body.errors !== undefined) {
        for (const messages of Object.values(body.errors as Record<string, unknown>)) {
          expect(Array.isArray(messages) && messages.every((m) => typeof m === "string"), context).toBe(true);
        }
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([400, 401, 404, 405, 413, 415]);
    expect(ok(await h.dev("GET", "/dev/v1/world"))).toEqual(before);
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(200);
  });
});
