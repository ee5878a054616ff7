// Cluster benchmark (issue 26), three measures in one run, against the same bot in one process:
// 1. Events per second through 1, 2 and 4 worker processes (plus one gateway process) against the
//    bot in one process: BENCH_MESSAGES (default 1,000) messages posted across 8 servers, each
//    costing BENCH_HANDLER_MS (default 5) of CPU in its handler; from the first post to the last
//    handled.
// 2. `/ping` use to answer, p99, one use at a time (BENCH_USES, default 300): through the cluster
//    (a gateway process and one worker) against the bot in one process. Target: within 5 ms.
// 3. Failover: BENCH_KILLS (default 10) times, SIGKILL of the process holding the connection with a
//    standby running; the time from the kill to the standby's new identified session, p50 and max.
//    Target: under 5 s.
// Every process is a child of this one; Redis is a redis-server of its own on a free port.
import { spawnUntil, startReferenceServer, stop } from "./lib/processes.mjs";
import { dev } from "./lib/world.mjs";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const HANDLER_MS = Number(process.env.BENCH_HANDLER_MS ?? 5);
const USES = Number(process.env.BENCH_USES ?? 300);
const KILLS = Number(process.env.BENCH_KILLS ?? 10);
const SERVERS = 8;

const { startRedisServer } = await import("../packages/cluster/dist/testing/index.js");
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const ms = (n) => Number(n.toFixed(2));

/** A person, eight servers with the app installed in each, and each server's first channel. */
async function world(baseUrl) {
  const owner = await dev(baseUrl, "POST", "/users", { username: "bench_owner", name: "Bench Owner" });
  const app = await dev(baseUrl, "POST", "/apps", { name: "Cluster bench" });
  const channels = [];
  for (let i = 0; i < SERVERS; i++) {
    const guild = await dev(baseUrl, "POST", "/guilds", { name: `Bench ${i}`, owner_id: owner.id });
    await dev(
      baseUrl,
      "POST",
      `/guilds/${guild.id}/installs`,
      {
        application_id: app.application.id,
        scopes: ["commands", "messages.read", "messages.send", "message_content"],
        intents: ["guilds", "guild_messages", "message_content"],
        permissions: ["view_channels", "send_messages", "read_message_history"],
      },
      owner.id,
    );
    channels.push(guild.channels[0].id);
  }
  return { token: app.token, appId: app.application.id, ownerId: owner.id, channels };
}

function startNode(role, id, redis, w, server) {
  return spawnUntil(
    [
      "bench/lib/cluster-node.mjs",
      role,
      id,
      redis,
      w.token,
      server.baseUrl,
      server.gatewayUrl,
      String(HANDLER_MS),
    ],
    new RegExp(`ready ${id}`),
  ).then(({ child }) => child);
}

/** Resolves once the children's `handled <n>` lines add up to `total`. */
function handledBy(children, total) {
  const counts = new Map();
  return new Promise((resolve) => {
    for (const child of children) {
      child.stdout.on("data", (chunk) => {
        const last = [...chunk.toString().matchAll(/handled (\d+)/g)].at(-1);
        if (!last) return;
        counts.set(child, Number(last[1]));
        if ([...counts.values()].reduce((a, b) => a + b, 0) >= total) resolve(performance.now());
      });
    }
  });
}

async function postAll(server, w, count, tag) {
  let next = 0;
  const poster = async () => {
    while (next < count) {
      const i = next++;
      await dev(
        server.baseUrl,
        "POST",
        `/channels/${w.channels[i % SERVERS]}/messages`,
        { content: `${tag} ${i}` },
        w.ownerId,
      );
    }
  };
  await Promise.all(Array.from({ length: 16 }, poster));
}

async function throughput(server, w, redisUrl, workers) {
  const children = [];
  try {
    if (workers === 0) {
      children.push(await startNode("single", "single", "-", w, server));
    } else {
      for (let i = 0; i < workers; i++)
        children.push(await startNode("worker", `w${i}`, redisUrl, w, server));
      children.push(await startNode("gateway", "gw", redisUrl, w, server));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const done = handledBy(children, MESSAGES);
    if (process.env.BENCH_DEBUG) console.log(`posting ${MESSAGES} with ${workers} worker(s)`);
    const start = performance.now();
    await postAll(server, w, MESSAGES, `run-${workers}`);
    const end = await done;
    return (MESSAGES / (end - start)) * 1_000;
  } finally {
    await Promise.all(children.map(stop));
  }
}

async function pingTimes(server, w) {
  const times = [];
  const headers = { "content-type": "application/json", "x-dev-user": w.ownerId };
  const body = JSON.stringify({ name: "ping", options: [] });
  for (let i = 0; i < USES + 30; i++) {
    const start = performance.now();
    const use = await fetch(`${server.baseUrl}/dev/v1/channels/${w.channels[0]}/interactions`, {
      method: "POST",
      headers,
      body,
    }).then((r) => r.json());
    if (use.state !== "delivered") throw new Error(`use: ${JSON.stringify(use)}`);
    for (let polls = 0; ; polls++) {
      const state = await fetch(`${server.baseUrl}/dev/v1/interactions/${use.id}`).then((r) => r.json());
      if (state.state === "answered") break;
      if (polls > 2_000) throw new Error(`no answer: ${JSON.stringify(state)}`);
    }
    if (i >= 30) times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

async function failovers(server, w, redisUrl) {
  const sessions = () => dev(server.baseUrl, "GET", `/apps/${w.appId}/sessions`);
  const nodes = [await startNode("gateway", "gw-0", redisUrl, w, server)];
  const times = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (let i = 1; i <= KILLS; i++) {
      nodes.push(await startNode("gateway", `gw-${i}`, redisUrl, w, server));
      const before = (await sessions())[0];
      // The first node of the list still alive holds the connection: it started first.
      const owner = nodes.shift();
      const killedAt = performance.now();
      owner.kill("SIGKILL");
      for (let polls = 0; ; polls++) {
        const now = (await sessions())[0];
        if (now && now.id !== before?.id && now.identified_at !== null) break;
        if (polls > 10_000) throw new Error("no new session");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.push(performance.now() - killedAt);
    }
  } finally {
    await Promise.all(nodes.map(stop));
  }
  return times.sort((a, b) => a - b);
}

const server = await startReferenceServer();
const redis = await startRedisServer();
try {
  const w = await world(server.baseUrl);
  const rows = [];
  const single = await throughput(server, w, redis.url, 0);
  rows.push({ setup: "one process", events_per_s: Math.round(single), ratio: 1 });
  for (const workers of [1, 2, 4]) {
    const rate = await throughput(server, w, redis.url, workers);
    rows.push({
      setup: `cluster, ${workers} worker(s) + gateway`,
      events_per_s: Math.round(rate),
      ratio: Number((rate / single).toFixed(2)),
    });
  }
  console.table(rows);
  console.log(`${MESSAGES} messages across ${SERVERS} servers, ${HANDLER_MS} ms of CPU per handler`);

  const pingRows = [];
  for (const [name, setup] of [
    ["one process", async () => [await startNode("single", "single", "-", w, server)]],
    [
      "cluster (gateway + 1 worker)",
      async () => [
        await startNode("worker", "pw", redis.url, w, server),
        await startNode("gateway", "pg", redis.url, w, server),
      ],
    ],
  ]) {
    const children = await setup();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const times = await pingTimes(server, w);
    await Promise.all(children.map(stop));
    pingRows.push({ bot: name, p50_ms: ms(quantile(times, 0.5)), p99_ms: ms(quantile(times, 0.99)) });
  }
  console.table(pingRows);
  console.log(
    `/ping p99 through the cluster minus in one process: ${ms(pingRows[1].p99_ms - pingRows[0].p99_ms)} ms (target within 5 ms)`,
  );

  const kills = await failovers(server, w, redis.url);
  console.log(
    `failover, kill -9 to the standby's new identified session over ${KILLS} kills: p50 ${Math.round(quantile(kills, 0.5))} ms, max ${Math.round(kills.at(-1))} ms (target < 5,000 ms)`,
  );
} finally {
  await redis.close();
  await stop(server.child);
}
