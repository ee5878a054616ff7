// Webhook execution benchmark (issue 5): POST /api/webhooks/{id}/{secret} against the reference
// server (rate limits off), driven by autocannon on loopback, compared in the same run with a raw
// node:http server (this file with `--raw-server`, a process of its own) that reads and parses the
// same JSON body and answers 204. Every execution on the reference server is a saved message
// (validation, secret check, pause state, AutoMod, mentions, the store, MESSAGE_CREATE).
// Target: at least 0.5 of the raw rate.
//
// The reference server writes the answers of one event-loop turn together (http/send.ts), which
// spares the client a wake-up per answer. So that the figure says how much of that is our own work,
// the run also measures the raw server given the same trick (`--raw-server --coalesced`) and prints
// the ratio against it too.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { answerer } from "./lib/answers.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 50;
const BODY = JSON.stringify({
  content: "Deployed build 1234 to production: all checks passed",
  username: "CI",
  embeds: [
    { title: "Build 1234", description: "3 commits", color: 65280, fields: [{ name: "env", value: "prod" }] },
  ],
});

function rawServer(coalesced) {
  const answer = answerer(coalesced);
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const status = typeof body.content !== "string" ? 400 : 204;
      answer(() => res.writeHead(status).end());
    });
  });
  server.listen(0, "127.0.0.1", () => console.log(`ready port=${server.address().port}`));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: BODY,
        connections,
        duration: seconds,
        pipelining: 1,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function main() {
  const { ROOT, spawnUntil, startReferenceServer, stop } = await import("./lib/processes.mjs");
  const { benchWorld, dev } = await import("./lib/world.mjs");

  const ref = await startReferenceServer();
  const world = await benchWorld(ref.baseUrl, { history: 0 });
  const made = await dev(
    ref.baseUrl,
    "POST",
    `/channels/${world.channelId}/webhooks`,
    { name: "Bench" },
    world.ownerId,
  );
  const path = new URL(made.url).pathname;
  const self = fileURLToPath(import.meta.url);
  const raw = await spawnUntil([self, "--raw-server"], /ready port=(\d+)/);
  const rawUrl = `http://127.0.0.1:${raw.match[1]}`;
  const coalesced = await spawnUntil([self, "--raw-server", "--coalesced"], /ready port=(\d+)/);
  const coalescedUrl = `http://127.0.0.1:${coalesced.match[1]}`;

  // The machine may be shared: alternate raw and reference for two rounds and keep each one's best.
  let baseline = null;
  let baselineCoalesced = null;
  let ours = null;
  const best = (a, b) => (a === null || b.requests.average > a.requests.average ? b : a);
  for (let round = 0; round < 2; round++) {
    baseline = best(baseline, await load(`${rawUrl}${path}`));
    ours = best(ours, await load(`${ref.baseUrl}${path}`));
    baselineCoalesced = best(baselineCoalesced, await load(`${coalescedUrl}${path}`));
  }
  const saved = await dev(
    ref.baseUrl,
    "GET",
    `/channels/${world.channelId}/messages?limit=1`,
    undefined,
    world.ownerId,
  );
  if (saved[0]?.webhook_id !== made.webhook.id) throw new Error("the webhook posts were not saved");
  await stop(raw.child);
  await stop(coalesced.child);
  await stop(ref.child);

  const row = (name, r) => ({
    case: name,
    rps: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    non_2xx: r.non2xx,
    errors: r.errors,
  });
  const rows = [
    row("raw node:http, JSON parsed", baseline),
    row("raw, answers written together", baselineCoalesced),
    row("reference server webhook execution", ours),
  ];
  const ratio = Number((ours.requests.average / baseline.requests.average).toFixed(2));
  const ratioCoalesced = Number((ours.requests.average / baselineCoalesced.requests.average).toFixed(2));
  console.table(rows);
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "webhooks.json"),
    JSON.stringify(
      { seconds, connections, rounds: 2, ratio, ratio_coalesced: ratioCoalesced, rows },
      null,
      2,
    ),
  );
  console.log(`webhook executions ratio ${ratio} of raw (target >= 0.5)`);
  console.log(`against the raw server that also writes its answers together: ${ratioCoalesced}`);
}

if (process.argv.includes("--raw-server")) rawServer(process.argv.includes("--coalesced"));
else await main();
