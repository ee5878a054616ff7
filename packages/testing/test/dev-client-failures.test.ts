import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DevApiError, DevApiTimeoutError, DevClient } from "@chatbot/protocol/dev";
import { type RunningServer, startServer } from "@chatbot/server";
import { afterEach, describe, expect, it } from "vitest";

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A loopback port nothing listens on (it was free a moment ago). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("DevClient's failures, on ky", () => {
  it("refuses a timeout or startRetries ky cannot use, naming the option and the rule", () => {
    const baseUrl = "http://127.0.0.1:1";
    expect(() => new DevClient({ baseUrl, timeout: 0 })).toThrow(
      "DevClient: timeout must be false or a whole number of ms from 1 to 2147483647, not 0",
    );
    expect(() => new DevClient({ baseUrl, timeout: Infinity })).toThrow(/timeout must be .* not Infinity/);
    expect(() => new DevClient({ baseUrl, startRetries: -1 })).toThrow(
      "DevClient: startRetries must be a whole number from 0, not -1",
    );
    expect(() => new DevClient({ baseUrl, timeout: false, startRetries: 0 })).not.toThrow();
  });

  it("waits for a server still starting: a refused connection is tried again until it listens", async () => {
    const port = await freePort();
    const dev = new DevClient({ baseUrl: `http://127.0.0.1:${port}` });
    // The call goes out before anything listens; the server starts on that port a moment later.
    const made = dev.call("createUser", { body: { username: "early" } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const server: RunningServer = await startServer({ port, host: "127.0.0.1", rateLimits: false });
    closers.push(() => server.close());
    expect((await made).username).toBe("early");
    expect((await dev.call("exportWorld")).users.map((u) => u.username)).toEqual(["early"]);
  });

  it("gives up on a server that never comes, after startRetries tries, with fetch's cause", async () => {
    const port = await freePort();
    const dev = new DevClient({ baseUrl: `http://127.0.0.1:${port}`, startRetries: 1 });
    const started = performance.now();
    const error = (await dev.call("readClock").catch((e: unknown) => e)) as Error;
    expect(error.name).toBe("NetworkError");
    expect(String((error.cause as Error).cause)).toMatch(/ECONNREFUSED/);
    // One retry, after ky's first wait of 300 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("fails a call with no answer in time with DevApiTimeoutError naming the route, not retried", async () => {
    let requests = 0;
    const silent: Server = createServer(() => {
      requests += 1; // holds every request without answering
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    closers.push(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });
    const { port } = silent.address() as AddressInfo;
    const dev = new DevClient({ baseUrl: `http://127.0.0.1:${port}`, timeout: 100 });
    const error = await dev
      .call("postMessage", { params: { channel_id: "7" }, body: { content: "hi" }, as: "1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DevApiTimeoutError);
    expect(error).toMatchObject({
      code: "dev_api_timeout",
      route: "postMessage",
      method: "POST",
      path: "/dev/v1/channels/7/messages",
      timeout: 100,
      message: "POST /dev/v1/channels/7/messages got no answer within 100 ms",
    });
    expect(requests).toBe(1);
  });

  it.each(["ky", "fetch"] as const)(
    "turns an error answer into DevApiError on %s, naming who acted; never retried",
    async (transport) => {
      const server = await startServer({ port: 0, rateLimits: false });
      closers.push(() => server.close());
      const sent: string[] = [];
      const dev = new DevClient({
        baseUrl: server.baseUrl,
        transport,
        fetch: (input, init) => {
          const request = input instanceof Request ? input : new Request(input, init);
          sent.push(
            `${request.method} ${new URL(request.url).pathname} ${request.headers.get("x-dev-user")}`,
          );
          return fetch(input, init);
        },
      });
      const error = await dev
        .call("postMessage", {
          params: { channel_id: "123" },
          body: { content: "hi" },
          as: { id: "456", username: "ada" },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DevApiError);
      const refused = error as DevApiError;
      expect([refused.route, refused.status, refused.actor]).toEqual(["postMessage", 404, "ada"]);
      expect(refused.message).toMatch(/^POST \/dev\/v1\/channels\/123\/messages as ada answered 404 /);
      // On ky the refusal comes out of its beforeError hook, ky's HTTPError its cause.
      expect((refused.cause as Error | undefined)?.name).toBe(transport === "ky" ? "HTTPError" : undefined);
      // The refusal was the server's answer, sent once through the given fetch, not retried.
      expect(sent).toEqual(["POST /dev/v1/channels/123/messages 456"]);
    },
  );
});
