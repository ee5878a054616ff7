// Scale benchmark (issue 31): how each step grows with the size of the world. Every step is run at
// several sizes (10 to 10,000 servers, 1,000 to 1,000,000 messages, ...) and each size is judged by
// its ratio to the previous one: a step whose work is linear in the size may grow at most 15× per 10×
// of size, a constant one 2× (scaled to the sizes' actual ratio); below a floor (1 ms for latencies)
// differences count as noise. Some steps have absolute checks too: another bot's p99 during a
// 10,000-server connect under 50 ms, and no old message handed over as recovered after a drop.
// Each size also shows a raw baseline measured in the same run where one makes sense.
//
//   node bench/scale.mjs                 every step, full sizes (about 10 minutes)
//   node bench/scale.mjs --quick         every axis without its largest size (servers up to 1,000)
//   node bench/scale.mjs connect rest    only the named steps
//
// Worlds are seeds and rows put straight into the server's world (bench/lib/scale-seed.mjs); each
// server runs in a process of its own (bench/lib/scale-server.mjs). Results: bench/results/scale.json.
// Exit code 1 when any step fails, with a FAIL line naming the step, the size and the ratio.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/processes.mjs";
import { localSeries, runCreateBot, runTesting } from "./lib/scale-local.mjs";
import { oneServerSeries, runMembers, runMessages, runUsers } from "./lib/scale-one-server.mjs";
import { judge, printSeries } from "./lib/scale-report.mjs";
import { runServersSize, serversSeries } from "./lib/scale-servers.mjs";

const STEPS = [
  "connect",
  "recovery",
  "history",
  "rest",
  "seed",
  "dev-users",
  "members",
  "testing",
  "world",
  "my-guilds",
  "create-bot",
];
const SIZES = {
  servers: [10, 100, 1_000, 10_000],
  messages: [1_000, 10_000, 100_000, 1_000_000],
  members: [1_000, 10_000, 100_000],
  users: [5_000, 50_000, 500_000],
  said: [1_000, 3_000, 10_000, 30_000],
  listeners: [100, 1_000, 10_000],
};

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const named = args.filter((a) => !a.startsWith("--"));
for (const name of named)
  if (!STEPS.includes(name)) throw new Error(`unknown step "${name}"; known: ${STEPS.join(", ")}`);
const want = (step) => named.length === 0 || named.includes(step);
const sizes = (axis) => (quick ? SIZES[axis].slice(0, -1) : SIZES[axis]);

const S = { servers: serversSeries(), one: oneServerSeries(), local: localSeries() };
const started = performance.now();
const progress = (what) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${what}`);

if (want("create-bot")) {
  progress("create-bot");
  await runCreateBot(sizes("listeners"), S.local);
}
if (want("testing")) {
  progress("testing");
  await runTesting(sizes("said"), S.local, 90_000);
}
if (want("history") || want("rest")) {
  progress("messages axis (history, rest)");
  await runMessages(sizes("messages"), want, S.one);
}
if (want("members")) {
  progress("members");
  await runMembers(sizes("members"), S.one);
}
if (want("dev-users")) {
  progress("dev-users");
  await runUsers(sizes("users"), S.one);
}
for (const size of sizes("servers")) {
  progress(`servers axis at ${size.toLocaleString("en-US")} servers`);
  await runServersSize(size, want, S.servers);
}

const all = [...Object.values(S.servers), ...Object.values(S.one), ...Object.values(S.local)]
  .filter((s) => want(s.step) && s.points.length > 0)
  .sort((a, b) => STEPS.indexOf(a.step) - STEPS.indexOf(b.step));
const fails = all.flatMap((s) => judge(s));
for (const s of all) printSeries(s);
const dir = join(ROOT, "bench/results");
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, "scale.json"),
  JSON.stringify(
    {
      quick,
      steps: named.length ? named : STEPS,
      seconds: (performance.now() - started) / 1000,
      series: all,
    },
    null,
    2,
  ),
);
console.log("");
for (const line of fails) console.log(line);
const failedSteps = new Set(all.filter((s) => s.points.some((p) => p.verdict === "FAIL")).map((s) => s.step));
console.log(
  failedSteps.size === 0
    ? `scale: every step within its growth target (${all.length} series)`
    : `scale: ${failedSteps.size} step(s) FAIL: ${[...failedSteps].join(", ")}`,
);
if (failedSteps.size > 0) process.exitCode = 1;
