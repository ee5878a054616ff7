// The server process of bench/scale.mjs (forked, driven over IPC): starts the reference server in
// process from a seed built here (timing `startServer`, and `JSON.parse` of the same seed as the raw
// floor), grows its world by putting rows straight into `core.world` (the path a stored world is
// loaded by), reports its peak RSS, and serves the raw `ws` burst the connect step compares with.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { WebSocketServer } from "ws";
import { serveCommands } from "./scale-ipc.mjs";
import { messageRow, oneServerWorld, PastIds, serversWorld } from "./scale-seed.mjs";

const { startServer } = await import("../../packages/server/dist/index.js");

let running = null;
let world = null;
let seedText = "";
const past = new PastIds(45);
let raw = null;

/** Peak resident set of this process in MB (VmHWM), which `resetPeak` sets back to the current RSS. */
function peakMb() {
  const line = readFileSync("/proc/self/status", "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmHWM:"));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

const commands = {
  async start({ kind, servers }) {
    world = kind === "servers" ? serversWorld(servers) : oneServerWorld();
    seedText = JSON.stringify(world.seed);
    global.gc?.();
    const rawStart = performance.now();
    JSON.parse(seedText);
    const rawMs = performance.now() - rawStart;
    const start = performance.now();
    running = await startServer({ port: 0, seed: world.seed, rateLimits: false, inspector: false });
    const seedMs = performance.now() - start;
    const { seed: _seed, ...rest } = world;
    return { ...rest, baseUrl: running.baseUrl, gatewayUrl: running.gatewayUrl, seedMs, rawMs };
  },
  /** Time of `JSON.stringify` of the seed (the raw floor of `GET /dev/v1/world`). */
  stringifySeed() {
    const start = performance.now();
    const text = JSON.stringify(world.seed);
    return { ms: performance.now() - start, bytes: text.length };
  },
  resetPeak() {
    global.gc?.();
    writeFileSync("/proc/self/clear_refs", "5");
    return { peakMb: peakMb() };
  },
  peak() {
    return { peakMb: peakMb() };
  },
  /** `perChannel` old messages in each of the first `channels` channels of the servers world. */
  oldMessages({ channels, perChannel, authorId }) {
    const put = (row) => running.core.world.put("messages", row);
    const guildOf = running.core.world.tables.channels;
    for (const channelId of world.channelIds.slice(0, channels)) {
      const guildId = guildOf.get(channelId).guild_id;
      for (let i = 0; i < perChannel; i++)
        put(messageRow(past.next(), channelId, guildId, authorId, Date.now() - 86_400_000, `old ${i}`));
    }
    return {};
  },
  /** Old messages in the one channel until it holds `total` (ids older than any connection). */
  growMessages({ total }) {
    const w = running.core.world;
    const have = w.messagesOf(world.channelId).size;
    const start = performance.now();
    for (let i = have; i < total; i++) {
      const row = messageRow(
        past.next(),
        world.channelId,
        world.guildId,
        world.personId,
        Date.now() - 86_400_000,
        `history message ${i}`,
      );
      w.put("messages", row);
    }
    return { ms: performance.now() - start, size: w.messagesOf(world.channelId).size };
  },
  /** People until the world holds `total` users; with `members`, each joins the one server. */
  growUsers({ total, members }) {
    const w = running.core.world;
    const users = w.tables.users;
    const now = Date.now();
    let i = users.size;
    while (users.size < total) {
      const id = past.next();
      w.put("users", { id, username: `user_${i}`, name: `User ${i}`, avatar_id: null, bot: false });
      if (members)
        w.put("members", {
          guild_id: world.guildId,
          user_id: id,
          nickname: null,
          joined_at: now,
          roles: [],
          communication_disabled_until: null,
        });
      i += 1;
    }
    return { size: users.size, sampleUsername: `user_${Math.floor(i / 2)}` };
  },
  /** A raw `ws` server: on identify, READY then `count` times the given frame text. */
  async rawBurst({ frame, count, guildIds }) {
    if (raw) raw.close();
    const http = createServer((req, res) => res.writeHead(404).end());
    const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
    wss.on("connection", (ws) => {
      ws.send(JSON.stringify({ op: "hello", d: { heartbeat_interval: 30_000 } }));
      ws.once("message", () => {
        const ready = {
          op: "dispatch",
          t: "READY",
          s: 1,
          d: { v: 1, session_id: "raw", guilds: guildIds.map((id) => ({ id, unavailable: true })) },
        };
        ws.send(JSON.stringify(ready));
        for (let i = 0; i < count; i++) ws.send(frame);
      });
      ws.on("error", () => {});
    });
    await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
    raw = http;
    return { url: `ws://127.0.0.1:${http.address().port}/v1/gateway` };
  },
  async stop() {
    raw?.close();
    await running?.close();
    setImmediate(() => process.exit(0));
    return {};
  },
};

serveCommands(commands);
