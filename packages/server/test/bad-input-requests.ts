// The bad requests of bad-input-fuzz.test.ts: generated from a fixed seed, each one the server must
// refuse with a 4xx, changing nothing.
import type { TestWorld } from "./harness.js";

/** mulberry32: a small deterministic generator, so every run sends the same requests. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BadRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export const MAX_BODY = 4096;
export const WRONG_VALUES: unknown[] = [
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
export const PROTO_KEYS = [
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
export const HUGE_IDS = [
  "9223372036854775808",
  "18446744073709551615",
  "18446744073709551616",
  "99999999999999999999",
  "00000000000000000001",
];
export const BAD_IDS = ["abc", "-1", "1e5", "0x10", "123456789012345678901", "%20", "null", ...HUGE_IDS];
export const GARBAGE = [
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
export function badRequests(w: TestWorld, rand: () => number): BadRequest[] {
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
