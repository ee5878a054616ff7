// The steps of bench/scale.mjs on the servers axis. One server process per size holds the servers
// world (each server 50 members, 10 channels); the steps run on it in turn: start from the seed,
// `GET /dev/v1/world` and peak RSS, `GET /v1/users/@me/guilds`, REST reads and posts, a bot's
// connect burst, and (up to 1,000 servers) the SDK's recovery after a drop.
import { fileURLToPath } from "node:url";
import { client, within } from "./scale-http.mjs";
import { forkWorker } from "./scale-ipc.mjs";
import { sample, series, summarize } from "./scale-report.mjs";

const SERVER = fileURLToPath(new URL("./scale-server.mjs", import.meta.url));
const READER = fileURLToPath(new URL("./scale-reader.mjs", import.meta.url));
const RECOVERY_MAX = 1_000;
const SERVERS = "servers";

/** The series of the servers axis, by id. */
export function serversSeries() {
  return {
    seed: series("seed", "startServer from a seed (in process)", SERVERS, "linear", { floor: 10 }),
    worldTime: series("world", "GET /dev/v1/world", SERVERS, "linear", { floor: 5 }),
    worldRss: series("world", "peak RSS of the server during GET /dev/v1/world", SERVERS, "linear", {
      unit: "MB",
      floor: 200,
    }),
    myGuilds: series("my-guilds", "GET /v1/users/@me/guilds p50", SERVERS, "linear"),
    restGet: series("rest", "GET /v1/channels/{id} p50", SERVERS, "constant"),
    restPost: series("rest", "POST /v1/channels/{id}/messages p50", SERVERS, "constant"),
    connect: series("connect", "READY + every GUILD_CREATE read", SERVERS, "linear", { floor: 10 }),
    connectOthers: series(
      "connect",
      "another bot's GET /v1/users/@me p99 during the burst",
      SERVERS,
      "constant",
      {
        floor: 10,
        limit: { value: 50, at: [10_000] },
      },
    ),
    sdkConnect: series(
      "connect",
      "the SDK's GatewayClient, its world view on: connect() to ready, every server in the view",
      SERVERS,
      "linear",
      { floor: 10, limit: { value: 2_000, at: [10_000] } },
    ),
    recovery: series("recovery", "drop → `recovered` event, nothing missed", SERVERS, "linear", {
      floor: 100,
    }),
  };
}

/** Runs `fn`; a throw becomes an error point of each series in `targets`. */
async function guarded(size, targets, fn) {
  try {
    await fn();
  } catch (error) {
    for (const s of targets) {
      if (!s.points.some((p) => p.size === size))
        s.points.push({ size, error: String(error.message ?? error) });
    }
  }
}

/** Runs the chosen steps of the servers axis at `size` servers. */
export async function runServersSize(size, want, S) {
  const all = Object.values(S).filter((s) => want(s.step) && (s.step !== "recovery" || size <= RECOVERY_MAX));
  if (all.length === 0) return;
  let server;
  let w;
  await guarded(size, all, async () => {
    server = await forkWorker(SERVER, ["--max-old-space-size=12288", "--expose-gc"]);
    w = await server.call("start", { kind: "servers", servers: size }, 300_000);
    if (want("seed"))
      S.seed.points.push({ size, value: w.seedMs, raw: w.rawMs, note: "raw: JSON.parse of the seed" });
  });
  if (!w) {
    await server?.stop();
    return;
  }
  const as = (name) => client(w.baseUrl, w.apps[name].token);
  try {
    if (want("world")) await guarded(size, [S.worldTime, S.worldRss], () => world(size, server, w, S));
    if (want("my-guilds")) await guarded(size, [S.myGuilds], () => myGuilds(size, as("conn"), S));
    if (want("rest")) await guarded(size, [S.restGet, S.restPost], () => rest(size, as("other"), w, S));
    if (want("connect")) await guarded(size, [S.connect, S.connectOthers], () => connect(size, server, w, S));
    if (want("connect")) await guarded(size, [S.sdkConnect], () => sdkConnect(size, w, S));
    if (want("recovery") && size <= RECOVERY_MAX)
      await guarded(size, [S.recovery], () => recovery(size, server, w, S));
  } finally {
    await server.stop();
  }
}

/** Two exports (the faster counts), the server's peak RSS over both. */
async function world(size, server, w, S) {
  await server.call("resetPeak");
  const times = [];
  let bytes = 0;
  for (let round = 0; round < 2; round++) {
    const start = performance.now();
    const res = await fetch(`${w.baseUrl}/dev/v1/world`, { signal: AbortSignal.timeout(120_000) });
    bytes = (await res.text()).length;
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`GET /dev/v1/world: ${res.status}`);
  }
  const { peakMb } = await server.call("peak");
  const raw = await server.call("stringifySeed");
  S.worldTime.points.push({
    size,
    value: Math.min(...times),
    raw: raw.ms,
    note: `${(bytes / 1e6).toFixed(1)} MB answered; by round ${times.map(Math.round).join(", ")}; raw: JSON.stringify of the seed`,
  });
  S.worldRss.points.push({ size, value: peakMb, note: "VmHWM, reset before the exports" });
}

async function myGuilds(size, as, S) {
  let answer;
  const t = await sample(async () => (answer = await as("GET", "/v1/users/@me/guilds")), {
    count: 50,
    maxMs: 10_000,
    warmup: 3,
  });
  if (answer.length !== size) throw new Error(`answered ${answer.length} servers of ${size}`);
  const text = JSON.stringify(answer);
  const raw = summarize(Array.from({ length: 20 }, () => timeOf(() => JSON.stringify(JSON.parse(text)))));
  S.myGuilds.points.push({
    size,
    value: t.p50,
    p50: t.p50,
    p99: t.p99,
    raw: raw.p50,
    note: "raw: JSON.stringify of the answer",
  });
}

const timeOf = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

async function rest(size, as, w, S) {
  const channel = w.channelIds[0];
  const raw = await sample(() => as("GET", "/v1/users/@me"), { count: 300 });
  const get = await sample(() => as("GET", `/v1/channels/${channel}`), { count: 300 });
  const post = await sample(
    (i) => as("POST", `/v1/channels/${channel}/messages`, { content: `scale ${i}` }),
    {
      count: 300,
    },
  );
  const note = "raw: GET /v1/users/@me p50";
  S.restGet.points.push({ size, value: get.p50, p50: get.p50, p99: get.p99, raw: raw.p50, note });
  S.restPost.points.push({ size, value: post.p50, p50: post.p50, p99: post.p99, raw: raw.p50, note });
}

/**
 * The `conn` bot's burst read by the reader process, while `other` calls `@me` (4 loops, one call
 * in flight each). Two rounds (the machine is shared): the faster read and the calmer p99 count.
 */
async function connect(size, server, w, S) {
  const reader = await forkWorker(READER);
  const timeoutMs = 30_000 + size * 10;
  try {
    const rounds = [];
    for (let round = 0; round < 2; round++) {
      rounds.push(await connectRound(reader, w, timeoutMs));
      if (rounds.at(-1).read.error) break;
    }
    const calmest = rounds.reduce((a, b) => (b.others.p99 < a.others.p99 ? b : a));
    const { others } = calmest;
    S.connectOthers.points.push({
      size,
      value: others.p99,
      p50: others.p50,
      p99: others.p99,
      note: `${others.n} calls; p99 by round ${rounds.map((r) => Math.round(r.others.p99)).join(", ")}`,
    });
    const failed = rounds.find((r) => r.read.error);
    if (failed) {
      S.connect.points.push({ size, error: failed.read.error });
      return;
    }
    const read = rounds.reduce((a, b) => (b.read.ms < a.read.ms ? b : a)).read;
    const burst = await server.call("rawBurst", {
      frame: read.frame,
      count: read.expected,
      guildIds: w.guildIds,
    });
    const raws = [];
    for (let round = 0; round < 2; round++)
      raws.push(
        await reader.call("connect", { url: burst.url, token: "raw", timeoutMs }, timeoutMs + 10_000),
      );
    S.connect.points.push({
      size,
      value: read.ms,
      raw: Math.min(...raws.map((r) => r.ms ?? Infinity)),
      note: `${(read.bytes / 1e6).toFixed(1)} MB; by round ${rounds.map((r) => Math.round(r.read.ms)).join(", ")}; raw: a ws server sending READY and the same GUILD_CREATE ${read.expected}×`,
    });
  } finally {
    await reader.stop();
  }
}

async function connectRound(reader, w, timeoutMs) {
  const me = client(w.baseUrl, w.apps.other.token, timeoutMs);
  const calls = [];
  let reading = true;
  const loop = async () => {
    while (reading) {
      const at = performance.timeOrigin + performance.now();
      try {
        await me("GET", "/v1/users/@me");
      } catch {
        // a failed call counts with its time
      }
      calls.push({ at, ms: performance.timeOrigin + performance.now() - at });
    }
  };
  const loops = Promise.all([loop(), loop(), loop(), loop()]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const read = await reader.call(
    "connect",
    { url: w.gatewayUrl, token: w.apps.conn.token, timeoutMs },
    timeoutMs + 10_000,
  );
  reading = false;
  await loops;
  const during = calls.filter((c) => c.at <= read.endedAt && c.at + c.ms >= read.identifiedAt);
  return { read, others: summarize(during.map((c) => c.ms)) };
}

/**
 * The SDK's GatewayClient (world view on, as every framework bot has it) from connect() to ready:
 * READY and every GUILD_CREATE read and applied to its view. Best of two.
 */
async function sdkConnect(size, w, S) {
  const { GatewayClient } = await import("../../packages/gateway/dist/index.js");
  const { RestClient } = await import("../../packages/rest/dist/index.js");
  const times = [];
  let held = 0;
  for (let round = 0; round < 2; round++) {
    const token = w.apps.sdk.token;
    const rest = new RestClient({ token, baseUrl: w.baseUrl, globalLimit: Infinity });
    const gateway = new GatewayClient({
      token,
      intents: ["guilds"],
      rest,
      gatewayUrl: w.gatewayUrl,
      recovery: false,
    });
    try {
      const start = performance.now();
      await within(gateway.connect(), 30_000 + size * 10, "the SDK's connect");
      times.push(performance.now() - start);
      held = gateway.world.size;
    } finally {
      await gateway.close();
      await rest.close();
    }
  }
  const checks = [{ ok: held === size, reason: `the view held ${held} servers of ${size}` }];
  S.sdkConnect.points.push({
    size,
    value: Math.min(...times),
    checks,
    note: `by round ${times.map(Math.round).join(", ")}`,
  });
}

/** The SDK connected, dropped with 4000, reconnecting: counts messages handed over as recovered. */
async function recovery(size, server, w, S) {
  const { GatewayClient } = await import("../../packages/gateway/dist/index.js");
  const { RestClient } = await import("../../packages/rest/dist/index.js");
  await server.call("oldMessages", { channels: w.channelIds.length, perChannel: 3, authorId: w.ownerId });
  const token = w.apps.sdk.token;
  const rest = new RestClient({ token, baseUrl: w.baseUrl, globalLimit: Infinity });
  const gateway = new GatewayClient({
    token,
    intents: ["guilds", "guild_messages", "message_content"],
    rest,
    gatewayUrl: w.gatewayUrl,
    reconnect: { initialDelayMs: 100, jitter: 0 },
  });
  let handedOver = 0;
  gateway.on("MESSAGE_CREATE", (message) => {
    if (message.recovered) handedOver += 1;
  });
  gateway.on("listenerError", () => {});
  const recovered = new Promise((resolve) => gateway.once("recovered", resolve));
  const budget = 30_000 + size * 60;
  try {
    await within(gateway.connect(), budget, "the SDK's first connect");
    const dev = client(w.baseUrl, null);
    const start = performance.now();
    await dev("POST", "/dev/v1/faults", { app_id: w.apps.sdk.id, kind: "close_gateway", code: 4000 });
    const event = await within(recovered, budget, "recovery");
    const ms = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const checks = [
      {
        ok: handedOver === 0,
        reason: `${handedOver} old messages handed to listeners as recovered (must be 0)`,
      },
    ];
    S.recovery.points.push({
      size,
      value: ms,
      checks,
      note: `recovered ${handedOver} (event count ${event.count}, tookMs ${Math.round(event.tookMs)}); 100 ms reconnect wait`,
    });
  } finally {
    await gateway.close?.();
  }
}
