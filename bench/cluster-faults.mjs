// Cluster fault benchmark (issue 32): how soon the bot as a cluster (one gateway process and two
// workers) is back to work after Redis goes away, under a steady stream of BENCH_RATE (default 20)
// messages a second posted round eight servers, each costing BENCH_HANDLER_MS (default 5) of CPU.
// Each fault BENCH_REPEATS (default 5) times; "back" is the time from the moment Redis answers
// again to the first handling of a message posted after it, p50 and max (target under 5 s), and
// to the handling of the very first one posted after it (lost, if it never is):
// 1. Restart: kill -9 of redis-server (append-only file, appendfsync everysec), 2 s down, started
//    again on its file; back from its "Ready to accept connections".
//    The same down 10 s: longer than the processes' Redis clients wait between attempts at first.
// 2. The same (2 s down) with no persistence (appendonly no): Redis comes back empty.
// 3. Stall: SIGSTOP of redis-server for 10 s, then SIGCONT; back from the SIGCONT.
// 4. Sentinel failover: a primary, a replica and three sentinels (down-after-milliseconds 500,
//    failover-timeout 2,000), the cluster on redis+sentinel://; kill -9 of the primary; back from
//    the replica answering ROLE master. A new group and cluster each time.
// Also, over each fault's run: the messages posted and never handled, those handled twice, and
// those handled after a message posted later in the same server (out of order).
// Every process is a child of this one; each Redis is a redis-server of its own on a free port.
import { Redis } from "ioredis";
import { clusterWorld, post, quantile, SERVERS, startNode } from "./lib/cluster-world.mjs";
import { startReferenceServer, stop } from "./lib/processes.mjs";

const RATE = Number(process.env.BENCH_RATE ?? 20);
const HANDLER_MS = Number(process.env.BENCH_HANDLER_MS ?? 5);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const DOWN_MS = 2_000;
const STALL_MS = 10_000;
/** A fault after which nothing is handled for this long counts as never back. */
const GIVE_UP_MS = 60_000;

const { startRedisServer } = await import("../packages/cluster/dist/testing/index.js");
const { startRedisSentinel } = await import("../packages/cluster/dist/testing/redis-sentinel.js");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// The nodes print each message they handle; their logs would bury the results (BENCH_NODE_LOGGER=warn
// shows them).
process.env.BENCH_SEEN = "1";
process.env.BENCH_NODE_LOGGER ??= "silent";

/** Stops a node (SIGTERM), killing it when it has not exited within 10 s. */
async function end(child) {
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await stop(child);
  clearTimeout(timer);
}

/** The steady stream of one fault's run: what was posted when, and what was handled when. */
class Traffic {
  sent = [];
  handled = new Map();
  /** Where the tally starts in `sent`. */
  from = 0;
  #timer = null;

  constructor(server, w, tag) {
    this.server = server;
    this.w = w;
    this.tag = tag;
  }

  /** Reads a node's `seen <content>` lines. */
  watch(child) {
    let rest = "";
    child.stdout.on("data", (chunk) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop();
      const at = performance.now();
      for (const line of lines) {
        if (process.env.BENCH_DEBUG === "2") console.log(`node: ${line}`);
        if (!line.startsWith(`seen ${this.tag} `)) continue;
        const content = line.slice(5);
        this.handled.set(content, [...(this.handled.get(content) ?? []), at]);
      }
    });
  }

  start() {
    this.#timer = setInterval(() => {
      const i = this.sent.length;
      const content = `${this.tag} ${i}`;
      this.sent.push({ content, at: performance.now() });
      post(this.server, this.w, i, content).catch((error) => console.error(`post ${content}: ${error}`));
    }, 1_000 / RATE);
  }

  stop() {
    clearInterval(this.#timer);
  }

  /** Resolves once a message was handled; fails after a minute. */
  async running() {
    const start = performance.now();
    while (this.handled.size === 0) {
      if (performance.now() - start > GIVE_UP_MS) throw new Error(`${this.tag}: nothing handled`);
      await sleep(5);
    }
  }

  /**
   * The time from `t0` to the first handling of a message posted at or after it: the cluster at
   * work again (Infinity: nothing after a minute).
   */
  async backAfter(t0) {
    for (;;) {
      let earliest = Infinity;
      for (let i = this.sent.length - 1; i >= 0 && this.sent[i].at >= t0; i--) {
        earliest = Math.min(earliest, this.handled.get(this.sent[i].content)?.[0] ?? Infinity);
      }
      if (earliest !== Infinity) return earliest - t0;
      if (performance.now() - t0 > GIVE_UP_MS) return Infinity;
      await sleep(5);
    }
  }

  /** The time from `t0` to the handling of the first message posted after it; null if it never was. */
  firstAfter(t0) {
    const first = this.sent.find((s) => s.at >= t0);
    const at = first && this.handled.get(first.content)?.[0];
    return at === undefined ? null : at - t0;
  }

  /**
   * Once the stream stopped and nothing more came for 5 s: of the messages posted since the cluster
   * was running, those never handled, those handled twice and those handled out of order.
   */
  async tally() {
    let count = -1;
    for (let quiet = 0; quiet < 5_000; quiet += 250) {
      const now = [...this.handled.values()].reduce((n, list) => n + list.length, 0);
      if (now !== count) quiet = 0;
      count = now;
      await sleep(250);
    }
    const counted = this.sent.slice(this.from);
    // A server's messages are handled in the order they were posted: one handled after a message
    // posted later in its server is out of order.
    let outOfOrder = 0;
    for (let server = 0; server < SERVERS; server++) {
      let latest = -Infinity;
      for (
        let i = this.from + ((((server - this.from) % SERVERS) + SERVERS) % SERVERS);
        i < this.sent.length;
        i += SERVERS
      ) {
        const at = this.handled.get(this.sent[i].content)?.[0];
        if (at === undefined) continue;
        if (at < latest) outOfOrder += 1;
        latest = Math.max(latest, at);
      }
    }
    return {
      posted: counted.length,
      lost: counted.filter((s) => !this.handled.has(s.content)).length,
      twice: counted.filter((s) => this.handled.get(s.content)?.length > 1).length,
      out_of_order: outOfOrder,
    };
  }
}

/**
 * Runs the cluster on `redisUrl` under a steady stream, and `fault` `times` times: `fault` breaks
 * Redis and resolves with the moment it answers again. Resolves with each time back and the tally.
 */
async function underFaults(server, w, tag, redisUrl, times, fault) {
  const traffic = new Traffic(server, w, tag);
  const nodes = [];
  const backs = [];
  try {
    for (const [role, id] of [
      ["worker", `${tag}-w0`],
      ["worker", `${tag}-w1`],
      ["gateway", `${tag}-gw`],
    ]) {
      const child = await startNode(role, id, redisUrl, w, server, HANDLER_MS);
      traffic.watch(child);
      nodes.push(child);
    }
    traffic.start();
    // Running: a message handled (those posted before the gateway connection was up never are), and
    // the workers have shared the partitions. The tally counts from here.
    await traffic.running();
    await sleep(3_000);
    traffic.from = traffic.sent.length;
    const t0s = [];
    for (let i = 0; i < times; i++) {
      t0s.push(await fault());
      backs.push(await traffic.backAfter(t0s.at(-1)));
      if (process.env.BENCH_DEBUG) console.log(`${tag}: back ${Math.round(backs.at(-1))} ms`);
      await sleep(3_000);
    }
    traffic.stop();
    const tally = await traffic.tally();
    return { backs, firsts: t0s.map((t0) => traffic.firstAfter(t0)), tally };
  } finally {
    traffic.stop();
    await Promise.all(nodes.map(end));
  }
}

async function restarts(server, w, tag, config, downMs = DOWN_MS) {
  const redis = await startRedisServer({ config });
  try {
    return await underFaults(server, w, tag, redis.url, REPEATS, async () => {
      await redis.kill();
      await sleep(downMs);
      await redis.start();
      return performance.now();
    });
  } finally {
    await redis.close();
  }
}

async function stalls(server, w) {
  const redis = await startRedisServer({ config: ["appendfsync everysec"] });
  try {
    return await underFaults(server, w, "stall", redis.url, REPEATS, async () => {
      redis.pause();
      await sleep(STALL_MS);
      redis.resume();
      return performance.now();
    });
  } finally {
    await redis.close();
  }
}

/** Resolves with when `port`'s server first answers ROLE master, polled every 5 ms. */
async function promoted(port) {
  const client = new Redis({ host: "127.0.0.1", port, maxRetriesPerRequest: 1 });
  client.on("error", () => undefined);
  try {
    for (;;) {
      const [role] = await client.call("ROLE");
      if (role === "master") return performance.now();
      await sleep(5);
    }
  } finally {
    client.disconnect();
  }
}

async function sentinelFailovers(server, w) {
  const backs = [];
  const firsts = [];
  const promotions = [];
  const tally = { posted: 0, lost: 0, twice: 0, out_of_order: 0 };
  for (let i = 0; i < REPEATS; i++) {
    const group = await startRedisSentinel({ sentinels: 3 });
    try {
      const run = await underFaults(server, w, `sentinel${i}`, group.url, 1, async () => {
        const promotion = promoted(group.replica.port);
        const killedAt = performance.now();
        await group.primary.kill();
        const at = await promotion;
        promotions.push(at - killedAt);
        return at;
      });
      backs.push(...run.backs);
      firsts.push(...run.firsts);
      for (const key of Object.keys(tally)) tally[key] += run.tally[key];
    } finally {
      await group.close();
    }
  }
  return { backs, firsts, tally, promotions };
}

const server = await startReferenceServer();
try {
  const w = await clusterWorld(server.baseUrl);
  const rows = [];
  const row = (fault, { backs, firsts, tally }) => {
    const sorted = [...backs].sort((a, b) => a - b);
    rows.push({
      fault,
      back_p50_ms: Math.round(quantile(sorted, 0.5)),
      back_max_ms: Math.round(sorted.at(-1)),
      each_ms: backs.map(Math.round).join(" "),
      first_posted_ms: firsts.map((t) => (t === null ? "lost" : Math.round(t))).join(" "),
      ...tally,
    });
  };
  row("kill -9, append-only file, 2 s down", await restarts(server, w, "aof", ["appendfsync everysec"]));
  row(
    "kill -9, append-only file, 10 s down",
    await restarts(server, w, "aof10", ["appendfsync everysec"], STALL_MS),
  );
  row("kill -9, no persistence, 2 s down", await restarts(server, w, "empty", ["appendonly no"]));
  row("SIGSTOP 10 s, SIGCONT", await stalls(server, w));
  const sentinel = await sentinelFailovers(server, w);
  row("Sentinel: kill -9 of the primary", sentinel);
  console.table(rows);
  const promotions = sentinel.promotions.sort((a, b) => a - b);
  console.log(
    `back: from Redis answering again to the first handling of a message posted after it (first_posted: to the handling of the very first one), ${REPEATS} times each (target < 5,000 ms); ${RATE} messages/s, ${HANDLER_MS} ms of CPU per handler; Sentinel: kill -9 to the replica answering ROLE master p50 ${Math.round(quantile(promotions, 0.5))} ms, max ${Math.round(promotions.at(-1))} ms`,
  );
} finally {
  await stop(server.child);
}
