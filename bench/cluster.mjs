// Cluster benchmark (issues 26 and 32), four measures in one run, the first three against the same
// bot in one process:
// 1. Events per second through 1, 2 and 4 worker processes (plus one gateway process) against the
//    bot in one process: BENCH_MESSAGES (default 1,000) messages posted across 8 servers, each
//    costing BENCH_HANDLER_MS (default 5) of CPU in its handler; from the first post to the last
//    handled.
// 2. `/ping` use to answer, p99, one use at a time (BENCH_USES, default 300): through the cluster
//    (a gateway process and one worker) against the bot in one process. Target: within 5 ms.
// 3. Failover: BENCH_KILLS (default 10) times, SIGKILL of the process holding the connection with a
//    standby running; the time from the kill to the standby's new identified session, p50 and max.
//    Target: under 5 s.
// 4. The fenced acknowledgement's cost, as raw loops (no bot, no handlers) on the same Redis and on
//    one with appendfsync everysec: batches of 50 entries read (XREADGROUP) and each acknowledged
//    before the next, as a partition's reader does, with a plain XACK (the baseline), with the same
//    writes as the fenced path unfenced (MULTI: SET of the handled mark, XACK), and with the
//    FENCED_ACK script the workers run (the mark, a GET of the partition's lease, XACK);
//    BENCH_ACK_ENTRIES (default 3,000) entries each, the three taking turns batch by batch.
// Every process is a child of this one; Redis is a redis-server of its own on a free port.
import { Redis } from "ioredis";
import {
  clusterWorld,
  post,
  quantile,
  SERVERS,
  startNode as startClusterNode,
} from "./lib/cluster-world.mjs";
import { startReferenceServer, stop } from "./lib/processes.mjs";
import { dev } from "./lib/world.mjs";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const HANDLER_MS = Number(process.env.BENCH_HANDLER_MS ?? 5);
const USES = Number(process.env.BENCH_USES ?? 300);
const KILLS = Number(process.env.BENCH_KILLS ?? 10);
const ACK_ENTRIES = Number(process.env.BENCH_ACK_ENTRIES ?? 3_000);

const { startRedisServer } = await import("../packages/cluster/dist/testing/index.js");
const { FENCED_ACK } = await import("../packages/cluster/dist/scripts.js");
const ms = (n) => Number(n.toFixed(2));

function startNode(role, id, redis, w, server) {
  return startClusterNode(role, id, redis, w, server, HANDLER_MS);
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
      await post(server, w, i, `${tag} ${i}`);
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

/** A message event as the gateway publishes it, about the size of a real one. */
const EVENT = JSON.stringify({
  op: 0,
  t: "MESSAGE_CREATE",
  s: 1,
  d: {
    id: "1300000000000000000",
    channel_id: "1200000000000000000",
    guild_id: "1100000000000000000",
    author: { id: "1000000000000000000", username: "bench_owner", bot: false },
    content: "a message of about the length people write in a chat",
    timestamp: new Date(0).toISOString(),
    mentions: [],
    attachments: [],
  },
});

/** Fills a stream of `ACK_ENTRIES` events with a consumer group at its start. */
async function filled(client, stream) {
  await client.del(stream);
  for (let i = 0; i < ACK_ENTRIES; i += 500) {
    const batch = client.pipeline();
    for (let j = i; j < Math.min(ACK_ENTRIES, i + 500); j++) batch.xadd(stream, "*", "e", EVENT);
    await batch.exec();
  }
  await client.xgroup("CREATE", stream, "workers", "0");
  return stream;
}

/**
 * Raw loops on the Redis at `redisUrl`, one stream per way of acknowledging: batches of 50 read
 * (XREADGROUP) and acknowledged one entry after another, the ways taking turns batch by batch so
 * that they share the machine's load alike. Per way: entries per second over all its batches, and
 * the time per entry of its median batch.
 */
async function ackCosts(redisUrl) {
  const client = new Redis(redisUrl);
  client.defineCommand("benchFencedAck", { numberOfKeys: 3, lua: FENCED_ACK });
  const lease = "bench:acks:lease";
  await client.set(lease, "w0:1");
  const mark = (stream, id) => `${stream}:handled:${id}`;
  const ways = {
    "XACK (baseline)": (stream, id) => client.xack(stream, "workers", id),
    "MULTI: SET mark + XACK": (stream, id) =>
      client.multi().set(mark(stream, id), "1", "PX", 60_000).xack(stream, "workers", id).exec(),
    "FENCED_ACK script": (stream, id) =>
      client.benchFencedAck(lease, mark(stream, id), stream, "w0:1", 60_000, "workers", id),
  };
  const runs = [];
  try {
    for (const [name, ack] of Object.entries(ways)) {
      runs.push({
        name,
        ack,
        stream: await filled(client, `bench:acks:${name}`),
        batches: [],
        entries: 0,
        time: 0,
      });
    }
    for (let more = true; more;) {
      more = false;
      for (const run of runs) {
        const start = performance.now();
        const read = await client.xreadgroup(
          "GROUP",
          "workers",
          "w0",
          "COUNT",
          50,
          "STREAMS",
          run.stream,
          ">",
        );
        if (!read) continue;
        more = true;
        const entries = read[0][1];
        for (const [id] of entries) await run.ack(run.stream, id);
        const took = performance.now() - start;
        run.batches.push(took / entries.length);
        run.entries += entries.length;
        run.time += took;
      }
    }
  } finally {
    await client.del(lease, ...runs.map((run) => run.stream));
    client.disconnect();
  }
  const rate = (run) => (run.entries / run.time) * 1_000;
  const base = rate(runs[0]);
  return runs.map((run) => ({
    acknowledgement: run.name,
    entries_per_s: Math.round(rate(run)),
    ratio: Number((rate(run) / base).toFixed(2)),
    median_batch_us_per_entry: Math.round(
      quantile(
        [...run.batches].sort((a, b) => a - b),
        0.5,
      ) * 1_000,
    ),
  }));
}

const server = await startReferenceServer();
const redis = await startRedisServer();
try {
  const w = await clusterWorld(server.baseUrl);
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

  const everysec = await startRedisServer({ config: ["appendfsync everysec"] });
  try {
    for (const [fsync, url] of [
      ["appendfsync always, the Redis the cluster ran on", redis.url],
      ["appendfsync everysec", everysec.url],
    ]) {
      console.log(`acknowledging ${ACK_ENTRIES} entries each, read 50 at a time (${fsync}):`);
      console.table(await ackCosts(url));
    }
  } finally {
    await everysec.close();
  }

  const kills = await failovers(server, w, redis.url);
  console.log(
    `failover, kill -9 to the standby's new identified session over ${KILLS} kills: p50 ${Math.round(quantile(kills, 0.5))} ms, max ${Math.round(kills.at(-1))} ms (target < 5,000 ms)`,
  );
} finally {
  await redis.close();
  await stop(server.child);
}
