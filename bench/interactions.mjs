// Interaction round-trip benchmark (issue 5): a person uses a slash command through the dev API, a
// minimal bot (raw `ws` + fetch, in this process) reads INTERACTION_CREATE and answers with callback
// type 4, and the answer is saved (the callback's 204). Measured one use at a time: p50 and p99 over
// BENCH_USES uses (default 2,000) after a warm-up. The baseline, in the same run and with the same
// client code, is a raw server in a process of its own (this file with `--raw-server`): a node:http
// server that pushes a frame over a raw `ws` server when the "use" POST comes, and answers the
// "callback" POST with 204. Target: p99 under 15 ms.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { WebSocket, WebSocketServer } from "ws";

const USES = Number(process.env.BENCH_USES ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);

// ---------------------------------------------------------------------------------------------
// The raw baseline: the same three hops with nothing behind them.

function rawServer() {
  let bot = null;
  let next = 1n << 60n;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      if (req.url.endsWith("/interactions")) {
        next += 1n;
        const id = next.toString();
        bot?.send(JSON.stringify({ op: "dispatch", t: "INTERACTION_CREATE", s: 1, d: { id, type: 2 } }));
        res
          .writeHead(201, { "content-type": "application/json" })
          .end(JSON.stringify({ id, state: "delivered" }));
      } else {
        res.writeHead(204).end();
      }
    });
  });
  const wss = new WebSocketServer({ server, path: "/v1/gateway", perMessageDeflate: false });
  wss.on("connection", (ws) => {
    bot = ws;
    ws.send(JSON.stringify({ op: "hello", d: { heartbeat_interval: 30000 } }));
    ws.on("message", () => {
      ws.send(JSON.stringify({ op: "dispatch", t: "READY", s: 1, d: { guilds: [] } }));
    });
  });
  server.listen(0, "127.0.0.1", () => console.log(`ready port=${server.address().port}`));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------
// The client: the bot (ws + fetch) and the person (fetch), one use at a time.

/** Connects a bot that answers every INTERACTION_CREATE with callback 4; `onAnswered` gets each 204. */
function connectBot(gatewayUrl, baseUrl, token, onAnswered) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(gatewayUrl, { perMessageDeflate: false });
    const headers = { authorization: `Bot ${token}`, "content-type": "application/json" };
    const body = JSON.stringify({ type: 4, data: { content: "pong" } });
    ws.on("message", async (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.op === "hello") ws.send(JSON.stringify({ op: "identify", d: { token, intents: [] } }));
      else if (frame.t === "READY") resolve(ws);
      else if (frame.t === "INTERACTION_CREATE") {
        const res = await fetch(`${baseUrl}/v1/interactions/${frame.d.id}/callback`, {
          method: "POST",
          headers,
          body,
        });
        await res.arrayBuffer();
        onAnswered(frame.d.id, res.status);
      }
    });
    ws.once("error", reject);
  });
}

/** Runs `count` uses one after another; answers the round trips in milliseconds. */
async function measure({ gatewayUrl, baseUrl, token, usePath, person }, count) {
  const waiting = new Map();
  let early;
  const ws = await connectBot(gatewayUrl, baseUrl, token, (id, status) => {
    if (status !== 204) throw new Error(`callback answered ${status}`);
    const done = waiting.get(id);
    if (done) {
      waiting.delete(id);
      done();
    } else early = id;
  });
  const headers = { "content-type": "application/json", "x-dev-user": person };
  const body = JSON.stringify({ name: "ping" });
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    early = null;
    const res = await fetch(`${baseUrl}${usePath}`, { method: "POST", headers, body });
    const use = await res.json();
    if (res.status !== 201 || use.state !== "delivered")
      throw new Error(`use answered ${res.status} ${JSON.stringify(use)}`);
    if (early !== use.id) await new Promise((resolve) => waiting.set(use.id, resolve));
    times.push(performance.now() - start);
  }
  ws.terminate();
  return times;
}

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => Number(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)].toFixed(2));
  return { uses: sorted.length, p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1) };
}

async function main() {
  const { ROOT, spawnUntil, startReferenceServer, stop } = await import("./lib/processes.mjs");
  const { benchWorld, dev } = await import("./lib/world.mjs");

  const ref = await startReferenceServer();
  const world = await benchWorld(ref.baseUrl, { history: 0, intents: ["guilds"] });
  const auth = { authorization: `Bot ${world.token}`, "content-type": "application/json" };
  const put = await fetch(`${ref.baseUrl}/v1/applications/@me/commands`, {
    method: "PUT",
    headers: auth,
    body: JSON.stringify([{ name: "ping", description: "Answers pong" }]),
  });
  if (put.status !== 200) throw new Error(`registering /ping answered ${put.status}`);
  const ours = {
    gatewayUrl: ref.gatewayUrl,
    baseUrl: ref.baseUrl,
    token: world.token,
    usePath: `/dev/v1/channels/${world.channelId}/interactions`,
    person: world.ownerId,
  };

  const raw = await spawnUntil([fileURLToPath(import.meta.url), "--raw-server"], /ready port=(\d+)/);
  const rawUrl = `http://127.0.0.1:${raw.match[1]}`;
  const baseline = { ...ours, gatewayUrl: `ws://127.0.0.1:${raw.match[1]}/v1/gateway`, baseUrl: rawUrl };

  await measure(baseline, WARMUP);
  await measure(ours, WARMUP);
  const rawTimes = await measure(baseline, USES);
  const refTimes = await measure(ours, USES);
  const check = await dev(
    ref.baseUrl,
    "GET",
    `/channels/${world.channelId}/messages?limit=1`,
    undefined,
    world.ownerId,
  );
  if (check[0]?.interaction?.name !== "ping") throw new Error("the answers were not saved");

  await stop(raw.child);
  await stop(ref.child);
  const rows = [
    { case: "raw ws push + node:http POST", ...stats(rawTimes) },
    { case: "reference server: use → INTERACTION_CREATE → callback 4 saved", ...stats(refTimes) },
  ];
  console.table(rows);
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "interactions.json"),
    JSON.stringify({ uses: USES, warmup: WARMUP, rows }, null, 2),
  );
  console.log(`reference p99 ${rows[1].p99_ms} ms (target < 15 ms); raw p99 ${rows[0].p99_ms} ms`);
}

if (process.argv.includes("--raw-server")) rawServer();
else await main();
