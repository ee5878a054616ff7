// The live stream and the console's routes and pages (the dev API's parts that serve the web console).
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, ok, personPosts, setupWorld, startHarness } from "./harness.js";
import { channel, readEvents } from "./inspector-support.js";
import { registerGlobal } from "./interactions-support.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("the live stream (GET /dev/v1/stream)", () => {
  it("pushes what each commit touched and each new inspector record, alike to every reader", async () => {
    h = await startHarness();
    const w = await setupWorld(h);
    const response = await fetch(`${h.server.baseUrl}/dev/v1/stream`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const bothKinds = (events: { event: string }[]) =>
      events.some((e) => e.event === "inspector") && events.some((e) => e.event === "world");
    const reading = readEvents(response, bothKinds);
    // A second reader (a second console tab) gets the same events.
    const second = readEvents(await fetch(`${h.server.baseUrl}/dev/v1/stream`), bothKinds);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await personPosts(h, w.general.id, { content: "hi" }, w.member.id);
    await h.bot(w.token, "GET", "/v1/users/@me");
    const events = await reading;
    expect(events[0]).toMatchObject({ event: "hello" });
    expect(events.find((e) => e.event === "world")!.data).toMatchObject({
      tables: expect.arrayContaining(["messages"]),
      guild_ids: [w.guildId],
      channel_ids: [w.general.id],
    });
    expect(events.find((e) => e.event === "inspector")!.data).toMatchObject({
      kind: "rest",
      path: "/v1/users/@me",
      status: 200,
    });
    // (Each reader stops at its own chunk's end: compare the first of each kind.)
    const firsts = (list: { event: string; data: unknown }[]) =>
      ["world", "inspector"].map((kind) => list.find((e) => e.event === kind));
    expect(firsts(await second)).toEqual(firsts(events));
  });

  it("is refused to a foreign page and to a rebound host, like the dev API", async () => {
    h = await startHarness();
    const foreign = await fetch(`${h.server.baseUrl}/dev/v1/stream`, {
      headers: { origin: "http://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe("origin_not_allowed");
    const post = await fetch(`${h.server.baseUrl}/dev/v1/stream`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});

describe("what a person sees (the console's routes)", () => {
  it("lists a person's servers with only the channels they can see, and the commands they can use", async () => {
    h = await startHarness();
    const w = await setupWorld(h, { scopes: ["commands", "messages.send"] });
    const secret = await channel(h, w, {
      name: "secret",
      kind: "text",
      overwrites: [{ id: w.everyoneRoleId, type: "role", allow: [], deny: ["view_channels"] }],
    });
    await registerGlobal(h, w, [
      { name: "ping", description: "Ping" },
      {
        name: "echo",
        description: "Echo",
        options: [{ type: 3, name: "text", description: "Text", required: true }],
      },
    ]);
    ok(
      await h.bot(w.token, "POST", `/v1/applications/@me/guilds/${w.guildId}/commands`, {
        name: "ping",
        description: "Ping here",
      }),
      201,
    );
    type Guild = { id: string; channels: { id: string; name: string; permissions: string[] }[] };
    const seen = ok(await h.dev<Guild[]>("GET", "/dev/v1/users/@me/guilds", undefined, { as: w.member.id }));
    expect(seen.map((g) => g.id)).toEqual([w.guildId]);
    expect(seen[0]!.channels.map((c) => c.name)).toEqual(["general"]);
    expect(seen[0]!.channels[0]!.permissions).toContain("send_messages");
    const owner = ok(await h.dev<Guild[]>("GET", "/dev/v1/users/@me/guilds", undefined, { as: w.owner.id }));
    expect(owner[0]!.channels.map((c) => c.id)).toContain(secret.id);

    type Command = { name: string; description: string; guild_id: string | null; app_name: string };
    const commands = ok(
      await h.dev<Command[]>("GET", `/dev/v1/channels/${w.general.id}/commands`, undefined, {
        as: w.member.id,
      }),
    );
    expect(commands.map((c) => [c.name, c.description, c.guild_id, c.app_name])).toEqual([
      ["echo", "Echo", null, "Helper"],
      ["ping", "Ping here", w.guildId, "Helper"],
    ]);
    const hiddenChannel = await h.dev("GET", `/dev/v1/channels/${secret.id}/commands`, undefined, {
      as: w.member.id,
    });
    expect(hiddenChannel.status).toBe(404);
    const nobody = await h.dev<{ errors: Record<string, string[]> }>("GET", "/dev/v1/users/@me/guilds");
    expect(nobody.status).toBe(400);
    expect(Object.keys(nobody.body.errors)).toEqual(["X-Dev-User"]);
  });
});

describe("the console's pages (/console)", () => {
  it("serves the built page, moves /console to /console/, and keeps to its folder", async () => {
    h = await startHarness();
    const moved = await fetch(`${h.server.baseUrl}/console`, { redirect: "manual" });
    expect(moved.status).toBe(308);
    expect(moved.headers.get("location")).toBe("/console/");
    const page = await fetch(`${h.server.baseUrl}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await page.text();
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${h.server.baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${h.server.baseUrl}/console/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${h.server.baseUrl}/console/assets`)).status).toBe(404);
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: h!.server.port,
          path: "/console/",
          headers: { host: "attacker.example" },
          setHost: false,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(rebound).toBe(403);
  });
});
