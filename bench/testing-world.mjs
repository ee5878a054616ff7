// Test world benchmark (issue 11): how long `createTestWorld` takes to be ready for a test — one
// server, three channels, three people and an installed app whose bot (raw `ws`, in this process)
// has identified and is connected — reported beside `startServer` alone (an empty world, listening)
// in the same run. Each is measured BENCH_WORLDS times (default 100) after a warm-up, start to
// ready, then closed before the next. Target: world ready in under 150 ms p50.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WebSocket } from "ws";
import { ROOT } from "./lib/processes.mjs";

const RUNS = Number(process.env.BENCH_WORLDS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);

const { startServer, ManualClock } = await import("../packages/server/dist/index.js");
const { createTestWorld } = await import("../packages/testing/dist/index.js");

/** The bot: connects, identifies, resolves on READY; answers the function that stops it. */
function connectBot(world) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(world.gatewayUrl, { perMessageDeflate: false });
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.op === "hello")
        ws.send(
          JSON.stringify({
            op: "identify",
            d: { token: world.token, intents: ["guilds", "guild_messages"] },
          }),
        );
      else if (frame.t === "READY") resolve(() => ws.terminate());
    });
    ws.once("error", reject);
  });
}

async function serverAlone() {
  const start = performance.now();
  const server = await startServer({ port: 0, clock: new ManualClock() });
  const took = performance.now() - start;
  await server.close();
  return took;
}

async function worldWithBot() {
  const start = performance.now();
  const world = await createTestWorld({
    people: ["ada", "bob", "cy"],
    channels: { general: {}, random: {}, mods: { overwrites: { everyone: { deny: ["view_channels"] } } } },
  });
  world.onClose(await connectBot(world));
  await world.app.connected();
  const took = performance.now() - start;
  await world.close();
  return took;
}

/** Runs the cases in turn (alternating, so neither gets a warmer process), answering each one's times. */
async function measure(...cases) {
  for (let i = 0; i < WARMUP; i++) for (const fn of cases) await fn();
  const times = cases.map(() => []);
  for (let i = 0; i < RUNS; i++) for (const [n, fn] of cases.entries()) times[n].push(await fn());
  return times;
}

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => Number(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)].toFixed(2));
  return { runs: sorted.length, p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1) };
}

const [alone, world] = await measure(serverAlone, worldWithBot);
const rows = [
  { case: "startServer alone (empty world, listening)", ...stats(alone) },
  { case: "createTestWorld: 1 server, 3 channels, 3 people, app + connected ws bot", ...stats(world) },
];
console.table(rows);
const dir = join(ROOT, "bench/results");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "testing-world.json"), JSON.stringify({ runs: RUNS, warmup: WARMUP, rows }, null, 2));
console.log(
  `world ready p50 ${rows[1].p50_ms} ms (target < 150 ms); startServer alone p50 ${rows[0].p50_ms} ms`,
);
