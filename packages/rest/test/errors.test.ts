import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiError,
  ClientClosedError,
  HttpError,
  isClientClosedError,
  NetworkError,
  RestClient,
  type RetryInfo,
  TimeoutError,
} from "../src/index.js";
import { startWorld, type TestWorld } from "./world.js";

let world: TestWorld;

// The manual clock holds a `latency` fault's call until the test moves the clock: a call that
// never gets its answer, with no sleeping.
beforeAll(async () => {
  world = await startWorld({ manualClock: true });
});
afterAll(() => world.close());

const holdNextCall = () =>
  world.dev("POST", "/faults", { app_id: world.appId, kind: "latency", ms: 60_000, count: 1 });

// A fetch of the caller's is given each attempt's deadline and the caller's signal, as the
// built-in transport keeps them itself. Both must behave alike.
const countingFetch = () => {
  const seen: string[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    return fetch(input, init);
  };
  return { seen, fetchFn };
};

/** A loopback port nothing listens on: a server took it and closed, so a connection is refused. */
async function refusingPort(): Promise<number> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return port;
}

const transports: Array<[string, () => { fetch?: typeof fetch }]> = [
  ["the built-in transport", () => ({})],
  ["a fetch of the caller's", () => ({ fetch: countingFetch().fetchFn })],
];

describe.each(transports)("abort and timeout, on %s", (_, transport) => {
  it("rejects with the signal's reason when the caller aborts a call in flight", async () => {
    const rest = new RestClient({ token: world.token, baseUrl: world.baseUrl, ...transport() });
    await holdNextCall();
    const controller = new AbortController();
    const call = rest.getMe({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user gave up")), 20);
    await expect(call).rejects.toThrow("user gave up");
    await world.dev("DELETE", "/faults");
  });

  it("rejects at once with an aborted signal, sending nothing", async () => {
    const rest = new RestClient({ token: world.token, baseUrl: "http://127.0.0.1:1", ...transport() });
    const error = await rest.getMe({ signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
  });

  it("fails a write that gets no answer within the timeout with TimeoutError, not retried", async () => {
    const retries: RetryInfo[] = [];
    const rest = new RestClient({
      token: world.token,
      baseUrl: world.baseUrl,
      hooks: { retry: (r) => retries.push(r) },
      ...transport(),
    });
    const sent = await rest.createMessage(world.channelId, { content: "to delete" });
    await holdNextCall();
    const error = await rest
      .deleteMessage(world.channelId, sent.id, { timeout: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: "timeout",
      timeout: 100,
      method: "DELETE",
      path: `/v1/channels/${world.channelId}/messages/${sent.id}`,
    });
    expect(retries).toEqual([]);
    await world.dev("DELETE", "/faults");
  });

  it("retries a read that timed out, with the client's default timeout", async () => {
    const retries: RetryInfo[] = [];
    const rest = new RestClient({
      token: world.token,
      baseUrl: world.baseUrl,
      timeout: 100,
      retryDelay: 10,
      hooks: { retry: (r) => retries.push(r) },
      ...transport(),
    });
    await holdNextCall();
    expect((await rest.getMe()).id).toBe(world.botUserId);
    expect(retries).toMatchObject([{ attempt: 1, status: null, method: "GET", path: "/v1/users/@me" }]);
  });
});

describe("deadlines of the built-in transport", () => {
  it("gives up at the deadline, not at a coarse timer's next tick", async () => {
    const rest = new RestClient({ token: world.token, baseUrl: world.baseUrl, retries: 0 });
    await holdNextCall();
    const started = performance.now();
    const error = await rest.getMe({ timeout: 100 }).catch((e: unknown) => e);
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    // undici's own timers fire to within a second; the client's own deadline is far closer.
    expect(took).toBeGreaterThanOrEqual(99);
    expect(took).toBeLessThan(900);
    await world.dev("DELETE", "/faults");
  });

  it("fails a call still queued for a connection at its deadline, and never sends it", async () => {
    const rest = new RestClient({
      token: world.token,
      baseUrl: world.baseUrl,
      connections: 1,
      pipelining: 1,
      retries: 0,
    });
    await holdNextCall();
    const held = rest.getMe({ timeout: 60_000 });
    const queued = await rest
      .createMessage(world.channelId, { content: "queued past its deadline" }, { timeout: 100 })
      .catch((e: unknown) => e);
    expect(queued).toBeInstanceOf(TimeoutError);
    await world.dev("POST", "/clock", { advance_ms: 60_000 });
    expect((await held).id).toBe(world.botUserId);
    const recent = await rest.listMessages(world.channelId, { limit: 20 });
    expect(recent.map((m) => m.content)).not.toContain("queued past its deadline");
    await rest.close();
  });
});

describe("network errors", () => {
  it("fails a call made after close() at once, with ClientClosedError, not retried", async () => {
    // The client's defaults, as a bot's: a read would be retried on a network error.
    const rest = new RestClient({ token: world.token, baseUrl: world.baseUrl });
    expect((await rest.getMe()).id).toBe(world.botUserId);
    await rest.close();
    const started = performance.now();
    const error = await rest.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientClosedError);
    expect(isClientClosedError(error)).toBe(true);
    expect(error).toMatchObject({ code: "client_closed", method: "GET", path: "/v1/users/@me" });
    expect((error as Error).message).toMatch(/^the REST client is closed/);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("wraps a refused connection with method, path and cause, retried for reads only", async () => {
    const port = await refusingPort();
    const retries: RetryInfo[] = [];
    const rest = new RestClient({
      token: "t",
      baseUrl: `http://127.0.0.1:${port}`,
      retries: 2,
      retryDelay: 5,
      hooks: { retry: (r) => retries.push(r) },
    });
    const error = await rest.getGuild("1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: "network_error", method: "GET", path: "/v1/guilds/1" });
    expect((error as NetworkError).cause).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    retries.length = 0;
    await expect(rest.deleteMessage("1", "2")).rejects.toBeInstanceOf(NetworkError);
    expect(retries).toEqual([]);
  });
});

describe("answers that are not the service's", () => {
  let proxy: Server;
  let baseUrl: string;

  // Stands in for a misconfigured proxy in front of the service: HTML, and a 200 that is not JSON.
  beforeAll(async () => {
    proxy = createServer((req, res) => {
      if (req.url?.startsWith("/v1/users/@me")) {
        res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
      } else {
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it("become HttpError with the status and the text", async () => {
    const rest = new RestClient({ token: "t", baseUrl, retries: 0 });
    const error = await rest.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, body: "<html>Bad gateway</html>", code: "http_error" });
    await expect(rest.getApplication()).rejects.toMatchObject({ name: "HttpError", status: 200, body: "ok" });
  });
});

describe("the fetch option", () => {
  it("sends every call, bodies and error answers included, through the given fetch", async () => {
    const { seen, fetchFn } = countingFetch();
    const rest = new RestClient({ token: world.token, baseUrl: world.baseUrl, fetch: fetchFn });
    expect((await rest.getMe()).id).toBe(world.botUserId);
    const sent = await rest.createMessage(world.channelId, { content: "through my fetch" });
    expect(sent.content).toBe("through my fetch");
    const error = await rest.getGuild("1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "unknown_guild", path: "/v1/guilds/1" });
    expect(seen).toEqual([
      "GET /v1/users/@me",
      `POST /v1/channels/${world.channelId}/messages`,
      "GET /v1/guilds/1",
    ]);
  });

  it("fails a refused connection with NetworkError naming fetch's own cause, retried like the default", async () => {
    const port = await refusingPort();
    const retries: RetryInfo[] = [];
    const rest = new RestClient({
      token: "t",
      baseUrl: `http://127.0.0.1:${port}`,
      retries: 1,
      retryDelay: 5,
      hooks: { retry: (r) => retries.push(r) },
      fetch: countingFetch().fetchFn,
    });
    const error = await rest.getGuild("1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    // The cause is fetch's `TypeError: fetch failed` (its own cause the refusal), not ky's wrapper.
    expect((error as NetworkError).cause).toMatchObject({ name: "TypeError", message: "fetch failed" });
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(retries.map((r) => r.attempt)).toEqual([1]);
  });
});
