import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../src/server/route-table.js";
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
/** Names of Object.prototype's members: a body key must never be read as one of them. */
const PROTO_KEYS = [
  "toString",
  "__proto__",
  "constructor",
  "valueOf",
  "__defineGetter__",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__lookupSetter__",
];
/** Ids that overflow the id format (at most 2^63-1, 19 digits). */
const HUGE_IDS = [
  "9223372036854775808",
  "18446744073709551615",
  "18446744073709551616",
  "99999999999999999999",
  "00000000000000000001",
];
const BAD_IDS = ["abc", "-1", "1e5", "0x10", "123456789012345678901", "%20", "null", ...HUGE_IDS];
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
        // Computed keys: `__proto__` becomes a key of the JSON, not a prototype.
        [i % 20 < 10 ? `unknown_${i}` : pick(PROTO_KEYS)]: true,
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
    console.log(
      `bad input: ${requests.length} generated requests, answered ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  });

  it("refuses hostile input on every route: wrong content types, prototype keys, huge ids, foreign pages", async () => {
    const counts = { contentTypes: 0, protoKeys: 0, hugeIds: 0, foreignPages: 0 };
    // node:http rather than fetch: fetch sends its own Host whatever the headers say.
    const send = async (request: BadRequest, status: number, code?: string) => {
      const headers: Record<string, string> = { host: `127.0.0.1:${h.server.port}`, ...request.headers };
      if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port: h.server.port, method: request.method, path: request.path, headers },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
        req.end(request.body);
      });
      const context = `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body?.slice(0, 80) ?? ""} → ${answer.status} ${answer.text.slice(0, 200)}`;
      expect(answer.status, context).toBe(status);
      if (code !== undefined) expect((JSON.parse(answer.text) as { code: unknown }).code, context).toBe(code);
    };
    const bot = { authorization: `Bot ${w.token}` };
    const dev = { "x-dev-user": w.owner.id };
    // Every route that reads a body: none, or another type, is refused before anything else.
    const withBody = ROUTES.flatMap((route) =>
      route.kind !== "raw" && route.body !== undefined ? [route] : [],
    );
    expect(withBody.length).toBeGreaterThan(30);
    const types: Array<string | undefined> = [
      undefined,
      "text/plain",
      "application/x-www-form-urlencoded",
      "text/json",
    ];
    for (const route of withBody) {
      const path = route.path.replace(/:[a-z_]+/g, (name) => (name.endsWith("_id") ? w.guildId : "x"));
      for (const type of types) {
        const headers: Record<string, string> = { ...(route.kind === "bot" ? bot : dev) };
        if (type !== undefined) headers["content-type"] = type;
        await send(
          { method: route.method, path, headers, body: '{"name":"x"}' },
          415,
          "unsupported_media_type",
        );
        counts.contentTypes += 1;
      }
    }
    const hook = ok(
      await h.dev<{ url: string }>(
        "POST",
        `/dev/v1/channels/${w.general.id}/webhooks`,
        { name: "fuzz" },
        { as: w.owner.id },
      ),
      201,
    );
    const hookPath = new URL(hook.url).pathname;
    for (const type of types) {
      const headers: Record<string, string> = type === undefined ? {} : { "content-type": type };
      await send({ method: "POST", path: hookPath, headers, body: '{"content":"x"}' }, 415);
      counts.contentTypes += 1;
    }
    const world = ok(await h.dev("GET", "/dev/v1/world"));
    // Prototype names as keys of every strict dev body, at the top and nested: 400, never 500.
    const json = { "content-type": "application/json", ...dev };
    const strictBodies: Array<[string, string, string]> = [
      ["POST", "/dev/v1/users", '"username":"abc"'],
      ["POST", "/dev/v1/apps", '"name":"a"'],
      ["POST", `/dev/v1/guilds/${w.guildId}/roles`, '"name":"r","permissions":[]'],
      ["PATCH", `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`, '"nickname":"n"'],
      ["POST", `/dev/v1/channels/${w.general.id}/messages`, '"content":"hi"'],
      ["POST", `/dev/v1/channels/${w.general.id}/messages`, '"content":"hi","embeds":[{"title":"t"'],
      ["POST", `/dev/v1/channels/${w.general.id}/webhooks`, '"name":"hook"'],
      ["POST", "/dev/v1/faults", `"app_id":"${w.appId}","kind":"latency","ms":1,"count":1`],
      ["POST", `/dev/v1/guilds/${w.guildId}/automod-rules`, '"name":"r","keywords":["x"]'],
      ["POST", "/dev/v1/clock", '"advance_ms":1'],
      ["PUT", "/dev/v1/world", '"users":[{"id":"1001","username":"u"'],
    ];
    for (const [method, path, good] of strictBodies) {
      const open = (good.match(/\[\{/g) ?? []).length;
      for (const key of PROTO_KEYS) {
        const body = `{${good},"${key}":1${"}]".repeat(open)}}`;
        await send({ method, path, headers: json, body }, 400, "invalid_body");
        counts.protoKeys += 1;
      }
    }
    // Ids past 2^63-1 in paths, bodies, queries and worlds.
    for (const id of HUGE_IDS) {
      const cases: BadRequest[] = [
        { method: "GET", path: `/v1/channels/${id}/messages`, headers: bot },
        { method: "GET", path: `/v1/channels/${w.general.id}/messages?before=${id}`, headers: bot },
        { method: "POST", path: "/dev/v1/guilds", headers: json, body: `{"name":"g","owner_id":"${id}"}` },
        {
          method: "POST",
          path: `/dev/v1/guilds/${w.guildId}/members`,
          headers: json,
          body: `{"user_id":"${id}"}`,
        },
        {
          method: "PUT",
          path: "/dev/v1/world",
          headers: json,
          body: `{"users":[{"id":"${id}","username":"far"}]}`,
        },
      ];
      for (const request of cases) {
        await send(request, 400, "invalid_body");
        counts.hugeIds += 1;
      }
    }
    // A page of another site, or a rebound name, on every dev route: refused before it runs.
    for (const route of ROUTES.filter((r) => r.kind === "dev")) {
      const path = route.path.replace(/:[a-z_]+/g, () => w.guildId);
      const port = h.server.port;
      await send(
        { method: route.method, path, headers: { origin: "http://evil.example" } },
        403,
        "origin_not_allowed",
      );
      await send(
        { method: route.method, path, headers: { host: `evil.example:${port}` } },
        403,
        "host_not_allowed",
      );
      counts.foreignPages += 2;
    }
    console.log(`hostile input on every route: ${JSON.stringify(counts)}`);
    expect(ok(await h.dev("GET", "/dev/v1/world"))).toEqual(world);
    expect((await h.bot(w.token, "GET", "/v1/users/@me")).status).toBe(200);
  });
});
