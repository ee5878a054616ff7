import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError, NetworkError, RestClient, type RetryInfo, TimeoutError } from "../src/index.js";
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

describe("abort and timeout", () => {
  it("rejects with the signal's reason when the caller aborts a call in flight", async () => {
    const rest = new RestClient({ token: world.token, baseUrl: world.baseUrl });
    await holdNextCall();
    const controller = new AbortController();
    const call = rest.getMe({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user gave up")), 20);
    await expect(call).rejects.toThrow("user gave up");
    await world.dev("DELETE", "/faults");
  });

  it("rejects at once with an aborted signal, sending nothing", async () => {
    const rest = new RestClient({ token: world.token, baseUrl: "http://127.0.0.1:1" });
    const error = await rest.getMe({ signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
  });

  it("fails a write that gets no answer within the timeout with TimeoutError, not retried", async () => {
    const retries: RetryInfo[] = [];
    const rest = new RestClient({
      token: world.token,
      baseUrl: world.baseUrl,
      hooks: { retry: (r) => retries.push(r) },
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
  });

  it("retries a read that timed out, with the client's default timeout", async () => {
    const retries: RetryInfo[] = [];
    const rest = new RestClient({
      token: world.token,
      baseUrl: world.baseUrl,
      timeout: 100,
      retryDelay: 10,
      hooks: { retry: (r) => retries.push(r) },
    });
    await holdNextCall();
    expect((await rest.getMe()).id).toBe(world.botUserId);
    expect(retries).toMatchObject([{ attempt: 1, status: null, method: "GET", path: "/v1/users/@me" }]);
  });
});

describe("network errors", () => {
  it("wraps a refused connection with method, path and cause, retried for reads only", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
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
