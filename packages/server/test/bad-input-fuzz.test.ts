import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../src/server/route-table.js";
import {
  type BadRequest,
  badRequests,
  HUGE_IDS,
  MAX_BODY,
  PROTO_KEYS,
  random,
} from "./bad-input-requests.js";
import { type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

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
