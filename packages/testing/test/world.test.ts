import type { User } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTestWorld,
  DevApiError,
  type TestWorld,
  WorldClosedError,
  WorldDescriptionError,
} from "../src/index.js";
import { startRawBot } from "./support/raw-bot.js";

const worlds: TestWorld[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((w) => w.close()));
});
async function track<W extends TestWorld>(world: Promise<W>): Promise<W> {
  const w = await world;
  worlds.push(w);
  return w;
}

describe("createTestWorld", () => {
  it("makes the default world: server test, #general, an installed app whose token works", async () => {
    const world = await track(createTestWorld());
    expect(world.server.name).toBe("test");
    expect(Object.keys(world.channels)).toEqual(["general"]);
    expect(Object.keys(world.people)).toEqual(["owner"]);
    expect(world.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(world.gatewayUrl).toBe(`${world.baseUrl.replace("http", "ws")}/v1/gateway`);

    const headers = { authorization: `Bot ${world.token}` };
    const me = await fetch(`${world.baseUrl}/v1/users/@me`, { headers });
    expect(((await me.json()) as User).id).toBe(world.app.userId);
    expect(me.headers.get("x-ratelimit-limit")).not.toBeNull();
    const guild = (await (
      await fetch(`${world.baseUrl}/v1/guilds/${world.server.id}`, { headers })
    ).json()) as {
      scopes: string[];
      intents: string[];
    };
    expect(guild.scopes.sort()).toEqual([
      "commands",
      "message_content",
      "messages.read",
      "messages.send",
      "reactions",
    ]);
    expect(guild.intents).not.toContain("guild_members");
    expect(guild.intents).toContain("guild_moderation");
  });

  it("builds servers, roles, people with roles and channels with overwrites, and the server applies them", async () => {
    const world = await track(
      createTestWorld({
        people: { alice: { roles: ["mod"] }, bob: {} },
        roles: { mod: ["kick_members", "moderate_members", "manage_messages"] },
        channels: {
          general: {},
          mods: { overwrites: { everyone: { deny: ["view_channels"] }, mod: { allow: ["view_channels"] } } },
        },
      }),
    );
    const { alice, bob } = world.people;
    const said = await alice.say(world.channels.mods, "mods only");
    expect(said.author.id).toBe(alice.id);
    const refused = await bob.say(world.channels.mods, "let me in").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DevApiError);
    expect((refused as DevApiError).status).toBe(404);
    expect((refused as DevApiError).message).toBe(
      `POST /dev/v1/channels/${world.channels.mods.id}/messages as bob answered 404 unknown_channel: unknown channel`,
    );
    expect(world.roles.everyone.id).toBe(world.server.id);
    expect(String(world.roles.mod)).toBe(`<@&${world.roles.mod.id}>`);
    expect(world.servers.test.channels.mods).toBe(world.channels.mods);
  });

  it("loads a seed file with handles by name, and gives a token to an app the seed fixed", async () => {
    const world = await track(
      createTestWorld({ seed: new URL("../../../examples/worlds/demo.json", import.meta.url).pathname }),
    );
    expect(world.token).toBe("demo-bot-token");
    expect(world.app.name).toBe("Demo bot");
    expect(world.person("ada").username).toBe("ada");
    expect(() => world.person("zed")).toThrow(/^no person named zed; known: .*ada/);
    const history = await world.person("ada").history(world.channel("general"));
    expect(history.length).toBeGreaterThan(0);
  });

  it("refuses a bad description, naming the field and the rule", async () => {
    await expect(createTestWorld({ people: { alice: { roles: ["nope"] } } })).rejects.toThrow(
      new WorldDescriptionError("people.alice.roles.0", "no server has a role named nope"),
    );
    await expect(
      createTestWorld({ channels: { general: { overwrites: { ghost: { deny: ["view_channels"] } } } } }),
    ).rejects.toThrow("channels.general.overwrites.ghost: no role, person or app named ghost");
    await expect(createTestWorld({ servers: { a: {} }, channels: {} })).rejects.toThrow(
      "channels: with `servers`, describe it inside each server",
    );
    await expect(createTestWorld({ timeoutMs: 0 })).rejects.toThrow(
      "timeoutMs: must be a number above 0, got 0",
    );
    await expect(createTestWorld({ people: ["has space"] })).rejects.toThrow(
      "people.has space: names are 1 to 64 letters, digits, _ or -",
    );
  });

  it("keeps several servers apart, and installs each app where it is told", async () => {
    const world = await track(
      createTestWorld({
        people: ["alice"],
        servers: { home: { owner: "alice", channels: { general: {}, lobby: {} } }, away: {} },
        apps: { helper: { installedIn: ["home"] }, other: {} },
      }),
    );
    expect(Object.keys(world.servers).sort()).toEqual(["away", "home"]);
    expect(world.channels.lobby.serverId).toBe(world.servers.home.id);
    // "general" is in both servers: only under each server.
    expect(Object.hasOwn(world.channels, "general")).toBe(false);
    expect(world.servers.away.channels.general!.id).not.toBe(world.servers.home.channels.general!.id);
    expect(world.app).toBe(world.apps.helper);
    const guilds = await fetch(`${world.baseUrl}/v1/users/@me/guilds`, {
      headers: { authorization: `Bot ${world.apps.helper.token}` },
    });
    expect(((await guilds.json()) as { name: string }[]).map((g) => g.name)).toEqual(["home"]);
  });

  it("frees the port on close, and works with await using", async () => {
    let baseUrl: string;
    {
      await using world = await createTestWorld();
      baseUrl = world.baseUrl;
      expect((await fetch(`${baseUrl}/dev/v1/clock`)).status).toBe(200);
    }
    await expect(fetch(`${baseUrl}/dev/v1/clock`)).rejects.toThrow();
  });

  it("runs without rate limits when asked", async () => {
    const world = await track(createTestWorld({ rateLimits: false }));
    const me = await fetch(`${world.baseUrl}/v1/users/@me`, {
      headers: { authorization: `Bot ${world.token}` },
    });
    expect(me.headers.get("x-ratelimit-limit")).toBeNull();
  });

  it("keeps worlds made at once apart: own port, own people, own messages", async () => {
    const [one, two] = await Promise.all([
      track(createTestWorld({ people: ["alice"] })),
      track(createTestWorld({ people: ["alice"] })),
    ]);
    expect(one.baseUrl).not.toBe(two.baseUrl);
    await one.people.alice.say(one.channels.general, "only in one");
    expect(await two.people.alice.history(two.channels.general)).toEqual([]);
    // World one's channel id names nothing in world two, or (two worlds made in one millisecond draw
    // the same ids, each server its own) world two's own channel: never world one's messages.
    const reached = await two.people.alice.history(one.channels.general).catch(() => []);
    expect(reached.map((m) => m.content)).not.toContain("only in one");
  });

  it("keeps a bot that heartbeats on real time connected while the clock moves by hours", async () => {
    const world = await track(createTestWorld());
    const bot = await startRawBot(world);
    world.clock.advance(6 * 60 * 60 * 1000);
    await world.app.connected();
    expect(world.app.isConnected).toBe(true);
    expect(bot.events.map((e) => e.t)).toEqual(["READY", "GUILD_CREATE"]);
  });

  it("rejects a wait still pending when the world closes", async () => {
    const world = await createTestWorld();
    const waiting = world.nextMessage(world.channels.general).catch((e: unknown) => e);
    await world.close();
    const error = await waiting;
    expect(error).toBeInstanceOf(WorldClosedError);
    expect((error as WorldClosedError).message).toBe(
      "the world was closed while waiting for a message in #general",
    );
    await expect(world.nextMessage(world.channels.general)).rejects.toThrow(WorldClosedError);
  });
});
