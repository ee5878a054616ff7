import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../src/index.js";
import { type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

/** One request through node:http, which sends exactly the headers given (fetch adds its own). */
function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: { code?: string; message?: string; errors?: Record<string, string[]> } }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: text === "" ? {} : JSON.parse(text) }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

let h: Harness;
let w: TestWorld;
let host: string;
beforeAll(async () => {
  h = await startHarness();
  w = await setupWorld(h);
  host = `127.0.0.1:${h.server.port}`;
});
afterAll(() => h.close());

const userCount = async () => ok(await h.dev<{ users: unknown[] }>("GET", "/dev/v1/world")).users.length;

describe("the dev API and web pages", () => {
  it("refuses a reset sent by a page of another origin, and the world stays", async () => {
    const before = await userCount();
    const answer = await raw(h.server.port, "POST", "/dev/v1/reset", { host, origin: "http://evil.example" });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe("origin_not_allowed");
    expect(await userCount()).toBe(before);
    const nullOrigin = await raw(h.server.port, "POST", "/dev/v1/reset", { host, origin: "null" });
    expect(nullOrigin.body.code).toBe("origin_not_allowed");
    const otherPort = await raw(h.server.port, "POST", "/dev/v1/reset", {
      host,
      origin: "http://127.0.0.1:1",
    });
    expect(otherPort.body.code).toBe("origin_not_allowed");
    expect(await userCount()).toBe(before);
  });

  it("refuses a Host that is not the server's own name (DNS rebinding), (and no Host at all)", async () => {
    const before = await userCount();
    for (const name of [
      "attacker.example",
      `attacker.example:${h.server.port}`,
      "127.0.0.1",
      "localhost:1",
    ]) {
      const answer = await raw(h.server.port, "POST", "/dev/v1/reset", { host: name });
      expect(answer.status, name).toBe(403);
      expect(answer.body.code, name).toBe("host_not_allowed");
    }
    // Node itself refuses an HTTP/1.1 request without Host.
    const none = await raw(h.server.port, "POST", "/dev/v1/reset", {});
    expect(none.status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it("takes the server's own names and origin, and requests without an Origin", async () => {
    for (const name of ["localhost", "127.0.0.1", "[::1]", "LOCALHOST"]) {
      const own = `${name}:${h.server.port}`;
      const plain = await raw(h.server.port, "GET", "/dev/v1/clock", { host: own });
      expect(plain.status, own).toBe(200);
      const page = await raw(h.server.port, "GET", "/dev/v1/clock", { host: own, origin: `http://${own}` });
      expect(page.status, own).toBe(200);
    }
  });

  it("leaves /v1 to its bot token: no Host or Origin rule there", async () => {
    const answer = await raw(h.server.port, "GET", "/v1/users/@me", {
      host: "attacker.example",
      origin: "http://evil.example",
      authorization: `Bot ${w.token}`,
    });
    expect(answer.status).toBe(200);
  });
});

describe("bodies must say they are JSON", () => {
  it("refuses a body without Content-Type with 415 on /dev/v1 and on /v1", async () => {
    const dev = await raw(h.server.port, "POST", "/dev/v1/users", { host }, '{"username":"no_type"}');
    expect(dev.status).toBe(415);
    expect(dev.body.code).toBe("unsupported_media_type");
    expect(dev.body.message).toContain("Content-Type: application/json");
    const bot = await raw(
      h.server.port,
      "POST",
      `/v1/channels/${w.general.id}/messages`,
      { host, authorization: `Bot ${w.token}` },
      '{"content":"no type"}',
    );
    expect(bot.status).toBe(415);
    expect(bot.body.code).toBe("unsupported_media_type");
    expect(await userCount()).toBe(3);
  });

  it("still takes a POST with no body and no Content-Type", async () => {
    const answer = await raw(h.server.port, "GET", "/dev/v1/clock", { host });
    expect(answer.status).toBe(200);
  });
});

describe("prototype property names in bodies", () => {
  const KEYS = ["toString", "__proto__", "constructor", "valueOf", "__defineGetter__", "hasOwnProperty"];

  it("refuses them with a 400 naming the key on strict dev bodies, never a 500", async () => {
    const routes: Array<[string, string, string]> = [
      ["POST", "/dev/v1/users", '"username":"abc"'],
      ["POST", `/dev/v1/channels/${w.general.id}/messages`, '"content":"hi"'],
      ["POST", `/dev/v1/guilds/${w.guildId}/roles`, '"name":"r","permissions":[]'],
      ["PATCH", `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`, '"nickname":"n"'],
      ["POST", `/dev/v1/channels/${w.general.id}/webhooks`, '"name":"hook"'],
      ["POST", "/dev/v1/faults", `"app_id":"${w.appId}","kind":"latency","ms":1,"count":1`],
      ["POST", `/dev/v1/guilds/${w.guildId}/automod-rules`, '"name":"r","keywords":["x"]'],
      ["POST", "/dev/v1/clock", '"advance_ms":1'],
    ];
    for (const [method, path, good] of routes) {
      for (const key of KEYS) {
        const answer = await h.dev(method, path, undefined, { as: w.owner.id, raw: `{${good},"${key}":1}` });
        const context = `${method} ${path} ${key}: ${JSON.stringify(answer.body)}`;
        expect(answer.status, context).toBe(400);
        expect((answer.body as { errors: Record<string, string[]> }).errors, context).toEqual({
          [key]: ["is not an allowed key"],
        });
      }
    }
  });

  it("drops them from /v1 bodies like any unknown key", async () => {
    for (const key of KEYS) {
      const answer = await raw(
        h.server.port,
        "POST",
        `/v1/channels/${w.general.id}/messages`,
        { host, authorization: `Bot ${w.token}`, "content-type": "application/json" },
        `{"content":"proto ${key}","${key}":1}`,
      );
      expect(answer.status, key).toBe(201);
    }
  });
});

describe("strict dev bodies", () => {
  it("names a missing required key instead of `expected an object`", async () => {
    const answer = await h.dev("POST", "/dev/v1/users", {});
    expect(answer.status).toBe(400);
    expect((answer.body as { errors: unknown }).errors).toEqual({ username: ["is required"] });
  });

  it("refuses an unknown key nested in a shared part (an embed)", async () => {
    const answer = await h.dev(
      "POST",
      `/dev/v1/channels/${w.general.id}/messages`,
      { content: "x", embeds: [{ title: "t", zzz: 1 }] },
      { as: w.owner.id },
    );
    expect(answer.status).toBe(400);
    expect((answer.body as { errors: unknown }).errors).toEqual({
      "embeds.0.zzz": ["is not an allowed key"],
    });
  });
});

describe("slow clients", () => {
  it("answers 408 and closes a request that sends 16 of its 100 declared bytes, within the timeout", async () => {
    const server = await startServer({
      port: 0,
      timeouts: { headersTimeoutMs: 200, requestTimeoutMs: 300, keepAliveTimeoutMs: 200 },
    });
    try {
      const started = Date.now();
      const socket = connect(server.port, "127.0.0.1");
      let received = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (received += chunk));
      const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
      socket.write(
        `POST /dev/v1/users HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":"ab"`,
      );
      const timer = setTimeout(() => socket.destroy(), 5_000);
      await closed;
      clearTimeout(timer);
      const elapsed = Date.now() - started;
      expect(received).toMatch(/^HTTP\/1\.1 408/);
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });

  it("closes an idle keep-alive connection after keepAliveTimeoutMs", async () => {
    const server = await startServer({ port: 0, timeouts: { keepAliveTimeoutMs: 100 } });
    try {
      const socket = connect(server.port, "127.0.0.1");
      let received = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (received += chunk));
      const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
      socket.write(`GET /dev/v1/clock HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
      const timer = setTimeout(() => socket.destroy(), 5_000);
      const started = Date.now();
      await closed;
      clearTimeout(timer);
      expect(received).toMatch(/^HTTP\/1\.1 200/);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });

  it("refuses bad timeouts naming the option", async () => {
    await expect(startServer({ port: 0, timeouts: { requestTimeoutMs: 0 } })).rejects.toThrow(
      /timeouts\.requestTimeoutMs must be a whole number/,
    );
    await expect(
      startServer({ port: 0, timeouts: { headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 } }),
    ).rejects.toThrow(/headersTimeoutMs \(5000\) must not exceed/);
  });
});
