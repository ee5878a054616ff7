import { afterEach, describe, expect, it, vi } from "vitest";
import type { HttpLogEntry } from "../src/http/request-log.js";
import type { RequestLogEntry } from "../src/index.js";
import { eventWorld, GatewayHarness } from "./gateway-harness.js";

let h: GatewayHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Waits (bounded) until `entries` has one that `match` accepts; answers it. */
async function entry<E extends RequestLogEntry>(
  entries: RequestLogEntry[],
  match: (e: RequestLogEntry) => e is E,
): Promise<E> {
  for (let turns = 0; turns < 200; turns++) {
    const found = entries.find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no such entry in ${JSON.stringify(entries)}`);
}

describe("the request log", () => {
  it("gets one entry per /v1 call, webhook execution and gateway event, and none for the dev API", async () => {
    const entries: RequestLogEntry[] = [];
    h = await GatewayHarness.start({ requestLog: (e) => entries.push(e) });
    const w = await eventWorld(h);
    expect(entries).toEqual([]);
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages"]);
    expect(
      entries.filter((e) => e.kind === "gateway").map((e) => (e.kind === "gateway" ? e.event : "")),
    ).toEqual(["READY", "GUILD_CREATE"]);

    const posted = await h.bot(w.app.token, "POST", `/v1/channels/${w.guild.generalId}/messages`, {
      content: "hello",
    });
    expect(posted.status).toBe(201);
    const call = await entry(entries, (e): e is HttpLogEntry => e.kind === "rest" && e.method === "POST");
    expect(call).toMatchObject({
      app: { id: w.app.id, name: "Helper" },
      path: `/v1/channels/${w.guild.generalId}/messages`,
      status: 201,
    });
    expect(call.durationMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(call.time - Date.now())).toBeLessThan(60_000);
    await client.drain();
    expect(entries).toContainEqual(
      expect.objectContaining({
        kind: "gateway",
        event: "MESSAGE_CREATE",
        app: { id: w.app.id, name: "Helper" },
      }),
    );

    const wrong = await h.bot("not-a-token", "GET", "/v1/users/@me?x=1");
    expect(wrong.status).toBe(401);
    expect(
      await entry(entries, (e): e is HttpLogEntry => e.kind === "rest" && e.status === 401),
    ).toMatchObject({
      app: null,
      method: "GET",
      path: "/v1/users/@me?x=1",
    });

    const made = await h.dev<{ url: string; webhook: { id: string } }>(
      "POST",
      `/channels/${w.guild.generalId}/webhooks`,
      { name: "Deploys" },
      w.ownerId,
    );
    const secret = made.url.split("/").pop()!;
    const executed = await fetch(`${made.url}?wait=true`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "deployed" }),
    });
    expect(executed.status).toBe(200);
    const hook = await entry(entries, (e): e is HttpLogEntry => e.kind === "webhook");
    expect(hook).toMatchObject({
      app: null,
      method: "POST",
      path: `/api/webhooks/${made.webhook.id}/…?wait=true`,
      status: 200,
    });
    expect(JSON.stringify(entries)).not.toContain(secret);
    // Dev API calls are not part of it.
    expect(entries.some((e) => e.kind !== "gateway" && e.path.startsWith("/dev/"))).toBe(false);
    client.ws.terminate();
  });

  it("keeps the server answering when the log throws, and reports it", async () => {
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    h = await GatewayHarness.start({
      requestLog: () => {
        throw new Error("a broken log");
      },
    });
    const w = await eventWorld(h);
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages"]);
    const posted = await h.bot(w.app.token, "POST", `/v1/channels/${w.guild.generalId}/messages`, {
      content: "still here",
    });
    expect(posted.status).toBe(201);
    expect(await client.drainTypes()).toEqual(["MESSAGE_CREATE"]);
    expect(reported).toHaveBeenCalledWith("request log:", expect.any(Error));
    reported.mockRestore();
    client.ws.terminate();
  });
});
