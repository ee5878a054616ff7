import type { GuildCreatePayload, Message, ReadyPayload } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SeedWorld } from "../src/index.js";
import { type Dispatch, type Frame, type GatewayClient, GatewayHarness } from "./gateway-harness.js";

const SERVERS = 2_000;
const TOKEN = "burst-bot-token";

/** Seed ids: 18 digits, rising with `n`. */
const id = (n: number) => String(100_000_000_000_000_000n + BigInt(n));
const OWNER = id(1);
const APP = id(2);

/**
 * A bot installed in {@link SERVERS} servers of 8 channels each (about 4 KB per `GUILD_CREATE`, 8 MB
 * in all): a connect burst the old synchronous loop closed with `4009` before the bot could read it.
 */
function manyServers(): { seed: SeedWorld; guildIds: string[]; channelOf: Map<string, string> } {
  const guildIds: string[] = [];
  const channelOf = new Map<string, string>();
  const seed = {
    users: [{ id: OWNER, username: "owner" }],
    apps: [{ id: APP, name: "Everywhere", token: TOKEN }],
    guilds: [] as object[],
    channels: [] as object[],
    members: [] as object[],
    installs: [] as object[],
  };
  let next = 10;
  for (let g = 0; g < SERVERS; g++) {
    const guildId = id(next++);
    guildIds.push(guildId);
    seed.guilds.push({ id: guildId, name: `Server ${g}`, owner_id: OWNER });
    seed.members.push({ guild_id: guildId, user_id: OWNER });
    for (let c = 0; c < 8; c++) {
      const channelId = id(next++);
      if (c === 0) channelOf.set(guildId, channelId);
      seed.channels.push({
        id: channelId,
        guild_id: guildId,
        name: `channel-${c}`,
        position: c,
        topic: "a topic of some length to make the snapshot weigh what real ones do",
      });
    }
    seed.installs.push({
      guild_id: guildId,
      application_id: APP,
      scopes: ["messages.read", "message_content"],
      intents: ["guilds", "guild_messages", "message_content"],
      permissions: ["view_channels", "send_messages", "read_message_history"],
    });
  }
  return { seed: seed as SeedWorld, guildIds, channelOf };
}

let h: GatewayHarness;
let world: ReturnType<typeof manyServers>;
beforeEach(async () => {
  world = manyServers();
  h = await GatewayHarness.start({ seed: world.seed });
});
afterEach(() => h.close());

/** Opens a socket, identifies, and reads `READY`. */
async function identify(): Promise<{ client: GatewayClient; ready: ReadyPayload }> {
  const client = await h.open();
  client.send({
    op: "identify",
    d: { token: TOKEN, intents: ["guilds", "guild_messages", "message_content"] },
  });
  const ready = await client.next();
  expect(ready.t).toBe("READY");
  return { client, ready: ready.d as ReadyPayload };
}

/** Reads frames until `done(frames)` holds. */
async function readUntil(client: GatewayClient, done: (frames: Dispatch[]) => boolean): Promise<Dispatch[]> {
  const frames: Dispatch[] = [];
  while (!done(frames)) {
    const frame: Frame = await client.next();
    if (frame.op === "dispatch") frames.push(frame as Dispatch);
  }
  return frames;
}

const guildCreates = (frames: Dispatch[]) => frames.filter((f) => f.t === "GUILD_CREATE");

describe("the connect burst of a bot in many servers", () => {
  it(`sends READY listing ${SERVERS} servers, then every GUILD_CREATE once, to a bot that reads`, async () => {
    const { client, ready } = await identify();
    expect(ready.guilds.map((g) => g.id)).toEqual(world.guildIds);
    let bytes = 0;
    client.ws.on("message", (data: Buffer) => (bytes += data.length));
    const frames = await readUntil(client, (f) => f.length === SERVERS);
    expect(frames.map((f) => f.t)).toEqual(Array<string>(SERVERS).fill("GUILD_CREATE"));
    expect(frames.map((f) => f.s)).toEqual(frames.map((_, i) => i + 2));
    expect(new Set(frames.map((f) => (f.d as GuildCreatePayload).id))).toEqual(new Set(world.guildIds));
    expect(bytes).toBeGreaterThan(6 * 1024 * 1024);
    expect(h.server.gateway.connectionOf(APP)?.closeCode).toBeNull();
    expect(await client.drainTypes()).toEqual([]);
  });

  it("records the first 100 GUILD_CREATEs of the burst in the inspector, so the burst does not push the rest out", async () => {
    const { client } = await identify();
    await readUntil(client, (f) => f.length === SERVERS);
    const res = await fetch(`${h.server.baseUrl}/dev/v1/inspector?app_id=${APP}&limit=2000`);
    const { records } = (await res.json()) as { records: Array<{ kind: string; event?: string }> };
    const events = records.filter((r) => r.kind === "gateway").map((r) => r.event);
    expect(events.filter((e) => e === "GUILD_CREATE")).toHaveLength(100);
    expect(events[0]).toBe("READY");
    expect(records.some((r) => r.kind === "session")).toBe(true);
  });

  it("sends a server's event after its GUILD_CREATE, once, when it happens while the burst is on", async () => {
    const { client } = await identify();
    const first = world.guildIds[0]!;
    const last = world.guildIds.at(-1)!;
    const nextToLast = world.guildIds.at(-2)!;
    const left = world.guildIds.at(-3)!;
    // The last servers' GUILD_CREATEs are still to come: a message there makes it go out first.
    const posted = await h.dev<Message>(
      "POST",
      `/channels/${world.channelOf.get(last)}/messages`,
      { content: "while connecting" },
      OWNER,
    );
    const channel = await h.dev<{ id: string }>(
      "POST",
      `/guilds/${nextToLast}/channels`,
      { name: "made-while-connecting", kind: "text" },
      OWNER,
    );
    await h.dev("POST", `/channels/${world.channelOf.get(first)}/messages`, { content: "first" }, OWNER);
    await h.dev("DELETE", `/guilds/${left}/installs/${APP}`, undefined, OWNER);
    const frames = await readUntil(client, (f) => guildCreates(f).length === SERVERS - 1);
    frames.push(...(await client.drain()));

    expect(frames.map((f) => f.s)).toEqual(frames.map((_, i) => i + 2));
    const creates = guildCreates(frames).map((f) => (f.d as GuildCreatePayload).id);
    expect(new Set(creates)).toEqual(new Set(world.guildIds.filter((id) => id !== left)));
    expect(creates).toHaveLength(SERVERS - 1);
    // READY listed the server the app left before its turn: it is told so, and sent nothing of it.
    expect(frames.filter((f) => f.t === "GUILD_DELETE").map((f) => f.d)).toEqual([{ id: left }]);
    const messages = frames.filter((f) => f.t === "MESSAGE_CREATE").map((f) => f.d as Message);
    expect(messages.map((m) => m.content).sort()).toEqual(["first", "while connecting"]);
    expect(messages.find((m) => m.content === "while connecting")?.id).toBe(posted.id);

    const createOf = (guildId: string) =>
      frames.findIndex((f) => f.t === "GUILD_CREATE" && (f.d as GuildCreatePayload).id === guildId);
    const messageIn = (guildId: string) =>
      frames.findIndex((f) => f.t === "MESSAGE_CREATE" && (f.d as Message).guild_id === guildId);
    expect(messageIn(last)).toBeGreaterThan(createOf(last));
    expect(messageIn(first)).toBeGreaterThan(createOf(first));
    // Both went out of turn: the changes came while their GUILD_CREATEs were still to come.
    expect(creates.indexOf(last)).toBeLessThan(SERVERS - 3);
    expect(creates.indexOf(nextToLast)).toBeLessThan(SERVERS - 3);
    // The channel made before its server's GUILD_CREATE is in the snapshot, not sent again as an event.
    const snapshot = frames[createOf(nextToLast)]!.d as GuildCreatePayload;
    expect(snapshot.channels.map((c) => c.id)).toContain(channel.id);
    expect(frames.filter((f) => f.t.startsWith("CHANNEL_"))).toEqual([]);
  });

  it("closes 4009 a bot that stops reading during the burst, once it reads nothing for 5 s", async () => {
    const { client } = await identify();
    const connection = h.server.gateway.connectionOf(APP);
    if (!connection) throw new Error("no connection");
    client.ws.pause();
    // The burst waits for the bot: what is written stays under the limit, the rest is owed.
    for (let i = 0; i < 500 && connection.bufferedAmount < 256 * 1024; i++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(connection.bufferedAmount).toBeGreaterThanOrEqual(256 * 1024);
    expect(connection.bufferedAmount).toBeLessThan(1024 * 1024);
    // Two grace periods: the first may start after the last bytes the bot took.
    for (let round = 0; round < 2 && connection.open; round++) await h.advance(5_000);
    expect(connection.open).toBe(false);
    expect(connection.closeCode).toBe(4009);
    expect(connection.sequence).toBeLessThan(SERVERS + 1);
    client.ws.resume();
    expect(await client.closed).toMatchObject({ code: 4009, reason: "read backlog over 1 MB" });
  });
});
