// The bot's world in memory (issue 39): a bot in SERVERS servers (default 10,000) with 30 channels and
// 15 roles each, and MEMBERS members met (default 1,000,000, with the members intent), kept by the
// gateway client's WorldView from the frames as the wire carries them (JSON text, parsed).
//
// 1. Memory: the heap after a full GC, measured as the view grows kind by kind (servers with no
//    channel or role, then their channels, their roles, their members), in bytes each and in all.
//    Targets on a 64-bit Node: ≤ 400 B a channel, ≤ 300 B a role, ≤ 200 B a member met, ≤ 2 KB a
//    server besides them; servers, channels and roles ≤ 200 MB in all.
// 2. Connect: READY and every GUILD_CREATE parsed and applied, against parsing them alone (the floor
//    any client pays), in the same run. Target: under 2 s in all.
// 3. stats(): the view's own estimate beside the measure.
// Exits with 1 past a target. `node bench/world-view.mjs` (it restarts itself with --expose-gc).
import { spawnSync } from "node:child_process";

if (typeof globalThis.gc !== "function") {
  const run = spawnSync(process.execPath, ["--expose-gc", new URL(import.meta.url).pathname], {
    stdio: "inherit",
  });
  process.exit(run.status ?? 1);
}

const { WorldView } = await import("../packages/gateway/dist/index.js");

const SERVERS = Number(process.env.BENCH_SERVERS ?? 10_000);
const CHANNELS = 30;
const ROLES = 15;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const PERMS = [
  "view_channels",
  "send_messages",
  "read_message_history",
  "embed_links",
  "attach_files",
  "add_reactions",
];

let next = 300000000000000000n;
const id = () => String(next++);

/** One server's GUILD_CREATE, its channels and roles apart (sent as their own events). */
function server(i) {
  const guildId = id();
  const everyone = id();
  const botRole = id();
  const roles = [everyone, botRole, ...Array.from({ length: ROLES - 2 }, id)].map((roleId, r) => ({
    id: roleId,
    name: r === 0 ? "@everyone" : `role-${r}`,
    color: r % 3 === 0 ? null : "#3366ff",
    position: r,
    permissions: r === 0 ? PERMS : PERMS.slice(0, 1 + (r % PERMS.length)),
    hoist: r % 2 === 0,
    mentionable: false,
    managed: r === 1,
    default: r === 0,
  }));
  const categories = Array.from({ length: 3 }, (_, c) => ({ id: id(), name: `category ${c}`, position: c }));
  const channels = Array.from({ length: CHANNELS }, (_, c) => ({
    id: id(),
    guild_id: guildId,
    name: `channel-${c}`,
    kind: c % 10 === 9 ? "voice" : "text",
    topic: c % 4 === 0 ? `What channel ${c} is for` : null,
    position: c,
    category_id: categories[c % 3].id,
    slowmode_seconds: 0,
    permissions: c % 7 === 0 ? PERMS.slice(0, 2) : PERMS,
  }));
  const snapshot = {
    id: guildId,
    name: `Server ${i}`,
    description: i % 2 ? `The server number ${i}` : null,
    icon_id: null,
    owner_id: id(),
    channels: [],
    categories,
    roles: [],
    me: { roles: [botRole], permissions: PERMS },
    scopes: ["commands", "messages.read", "messages.send", "members.read"],
    intents: ["guilds", "guild_messages", "guild_members", "guild_expressions"],
    emojis: [],
  };
  return { snapshot, channels, roles };
}

const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};

const servers = Array.from({ length: SERVERS }, (_, i) => server(i));
const wire = (t, d) => JSON.stringify({ op: "dispatch", t, d });
const ready = wire("READY", {
  v: 1,
  session_id: "bench",
  user: { id: "100", username: "app_1", name: "bench", avatar_id: null, bot: true },
  application: { id: "1", name: "bench" },
  intents: ["guilds"],
  guilds: servers.map((s) => ({ id: s.snapshot.id, unavailable: true })),
});
const full = (s) => ({ ...s.snapshot, channels: s.channels, roles: s.roles });

// 2. Connect: the burst parsed alone, then parsed and applied (best of 3 each).
const burst = [ready, ...servers.map((s) => wire("GUILD_CREATE", full(s)))];
const time = (fn) => {
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
};
const parseOnly = time(() => {
  for (const frame of burst) JSON.parse(frame);
});
const connect = time(() => {
  const view = new WorldView();
  for (const frame of burst) {
    const { t, d } = JSON.parse(frame);
    view.applyFrame(t, d);
  }
});
burst.length = 0;

// 1. Memory, kind by kind, each from its frames' text.
const view = new WorldView({ members: { maxPerServer: Math.ceil(MEMBERS / SERVERS) } });
const feed = (frames) => {
  for (const frame of frames) {
    const { t, d } = JSON.parse(frame);
    view.applyFrame(t, d);
  }
};
// The frames' text is made before the first reading and let go before the second: the wire's
// text is not the view's.
const snapshots = [ready, ...servers.map((s) => wire("GUILD_CREATE", s.snapshot))];
const h0 = heap();
feed(snapshots.splice(0));
const h1 = heap();
for (const s of servers) feed(s.channels.map((c) => wire("CHANNEL_CREATE", c)));
const h2 = heap();
for (const s of servers)
  feed(s.roles.map((role) => wire("GUILD_ROLE_CREATE", { guild_id: s.snapshot.id, role })));
const h3 = heap();
const perServer = Math.ceil(MEMBERS / SERVERS);
let met = 0;
for (const s of servers) {
  const frames = [];
  for (let m = 0; m < perServer && met < MEMBERS; m++, met++) {
    frames.push(
      wire("GUILD_MEMBER_ADD", {
        guild_id: s.snapshot.id,
        user: { id: id(), username: `person${met}`, name: `Person ${met}`, avatar_id: null, bot: false },
        nickname: met % 5 === 0 ? `nick${met}` : null,
        joined_at: 1_760_000_000_000 + met * 997,
        roles: met % 3 === 0 ? [s.roles[2 + (met % 5)].id] : [],
      }),
    );
  }
  feed(frames);
}
const h4 = heap();

const stats = view.stats();
const each = {
  server: (h1 - h0) / SERVERS,
  channel: (h2 - h1) / stats.channels,
  role: (h3 - h2) / stats.roles,
  member: (h4 - h3) / stats.members,
};
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const viewMb = (h3 - h0) / 1024 / 1024;
console.log(
  `world view: ${SERVERS} servers, ${stats.channels} channels, ${stats.roles} roles, ${stats.members} members met`,
);
console.log(
  `  bytes each (heap after GC): server ${each.server.toFixed(0)} (≤ 2048), channel ${each.channel.toFixed(0)} (≤ 400), role ${each.role.toFixed(0)} (≤ 300), member ${each.member.toFixed(0)} (≤ 200)`,
);
console.log(
  `  servers, channels and roles: ${viewMb.toFixed(1)} MB (≤ 200); members on top: ${mb(h4 - h3)} MB; in all ${mb(h4 - h0)} MB`,
);
console.log(
  `  stats() estimate: ${mb(stats.bytes.total)} MB in all (servers ${mb(stats.bytes.servers)}, channels ${mb(stats.bytes.channels)}, roles ${mb(stats.bytes.roles)}, members ${mb(stats.bytes.members)})`,
);
console.log(
  `  connect burst (READY + ${SERVERS} GUILD_CREATE): ${connect.toFixed(0)} ms parsed and applied, ${parseOnly.toFixed(0)} ms parsed alone (the floor), view's share ${(connect - parseOnly).toFixed(0)} ms (target: under 2,000 ms in all)`,
);
const failures = [];
if (each.server > 2048) failures.push("server");
if (each.channel > 400) failures.push("channel");
if (each.role > 300) failures.push("role");
if (each.member > 200) failures.push("member");
if (viewMb > 200) failures.push("servers, channels and roles in all");
if (connect > 2_000) failures.push("connect");
if (failures.length > 0) {
  console.log(`  FAILED: ${failures.join(", ")}`);
  process.exitCode = 1;
}
