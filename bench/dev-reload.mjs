// chatbot dev benchmark (issue 13): from a file saved to the new handler answering a command, over
// BENCH_EDITS (default 20) edits of a small bot with a command, a service injected into it and a
// listener, against a full restart of the bot process on each save (a new process compiles the
// same sources with the same compiler, connects, identifies and checks its commands), in the same
// run against the same reference server. Target: reload p50 under 200 ms, and at least 5 times
// faster than the restart.
//
// Memory (issue 22): BENCH_SAVES (default 1,000) saves of a bot of 50 files, each awaited until the
// new code answers: the resident size of the chatbot dev process after the first reload and every
// 100 saves, and the build folders left, against saves with the code's thread never recycled
// (`--recycle-after` larger than the saves; BENCH_BASELINE_SAVES, default 300, of them), both with
// `--no-typecheck`. Target: within 50 MB of the size after the first reload, one build folder left.
//
// The whole session (issue 41): `chatbot dev` with its own server and the type check on, the
// project on TypeScript 7 as a new one is, BENCH_SESSION_SAVES (default 300) saves of the 50-file
// bot: the resident size of everything it is (the process, whose threads are the server, the host
// and the bot's code, and the type checker's tsc while a check runs), its growth from save 50 to
// the last (the process's mean size over the 20 saves up to each: a cycle of the code's thread,
// so where in a cycle a save falls does not count), reload p50. Targets: at most 250 MB in all,
// at any moment; at most 5 MB of growth; reload p50 under 100 ms. Past any, it exits 1. Then the
// same saves with `--no-typecheck`, whose reload p50 it prints beside the first (issue 52: the
// reload comes before the check, so the two should be close).
//
// Each save is awaited as a person sees it, through the server's live stream rather than by polling
// the interaction in a loop, which kept the process under test busy (bench/lib/command-answers.mjs).
//
// `node bench/dev-reload.mjs session` runs only that part; `reload` and `memory` the others.
// BENCH_DEV_ARGS gives the session's chatbot dev more flags, to compare settings (on Node 24, 300
// saves: `--recycle-after 10` read 4.6 MB of growth and a p50 of 93 ms, 40 read 17.2 MB and 82 ms,
// against the default 20's 17.3 to 21.6 MB and 79 ms).
import { spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { commandAnswers } from "./lib/command-answers.mjs";
import { linkWithTypeScript7, sessionRun } from "./lib/dev-session.mjs";
import { fiftyFiles, versionFile } from "./lib/fifty-file-bot.mjs";
import { ROOT, spawnUntil, startReferenceServer, stop } from "./lib/processes.mjs";

const EDITS = Number(process.env.BENCH_EDITS ?? 20);
const SAVES = Number(process.env.BENCH_SAVES ?? 1_000);
const BASELINE_SAVES = Number(process.env.BENCH_BASELINE_SAVES ?? 300);
const SESSION_SAVES = Number(process.env.BENCH_SESSION_SAVES ?? 300);
const PARTS = process.argv.length > 2 ? process.argv.slice(2) : ["reload", "memory", "session"];
const TARGET = { totalMb: 250, growthMb: 5, reloadP50Ms: 100 };
const CHATBOT = join(ROOT, "packages/cli/bin/chatbot.js");

const project = mkdtempSync(join(tmpdir(), "bench-dev-"));
symlinkSync(join(ROOT, "node_modules"), join(project, "node_modules"), "dir");
const write = (path, text) => {
  mkdirSync(join(project, path, ".."), { recursive: true });
  writeFileSync(join(project, path), text);
};
write("package.json", JSON.stringify({ name: "bench-bot", private: true, type: "module" }));
write(
  "src/version.ts",
  `import { singleton } from "@chatbot/framework";\n@singleton()\nexport class Version {\n  readonly value = "v0";\n}\n`,
);
write(
  "src/commands/ping.ts",
  `import { Command, CommandContext } from "@chatbot/framework";
import { Version } from "../version.js";
@Command({ name: "ping", description: "Answers with the version" })
export class Ping {
  constructor(private readonly version: Version) {}
  async run(ctx: CommandContext) {
    await ctx.reply(this.version.value);
  }
}
`,
);
write(
  "src/listeners/log.ts",
  `import { On } from "@chatbot/framework";\nexport class Log {\n  @On("MESSAGE_CREATE")\n  seen() {}\n}\n`,
);
write(
  "src/bot.ts",
  `import { defineBot } from "@chatbot/framework";
import { Ping } from "./commands/ping.js";
import { Log } from "./listeners/log.js";
export default defineBot({ commands: [Ping], listeners: [Log] });
`,
);
// The restart baseline: one process per save, as a restart-on-change tool runs the bot.
write(
  "restart.mjs",
  `import { createBot } from "@chatbot/framework";
const { BotCompiler } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "packages/cli/dist/dev/compile.js")).href)});
const [root, out, token, baseUrl] = process.argv.slice(2);
const compiler = new BotCompiler(root, root + "/src", out);
const build = await compiler.build();
const { default: bot } = await import(compiler.builtPath(build, root + "/src/bot.ts"));
await createBot({ ...bot, token, baseUrl, logger: "silent" }).start();
console.log("started");
`,
);

const server = await startReferenceServer();

const answers = await commandAnswers(server.baseUrl);
/** Uses /ping until the answer is `want`; resolves when it is. */
const answered = (channel, want) => answers.answered(channel, "ping", want);

const edit = (i) =>
  writeFileSync(
    join(project, "src/version.ts"),
    `import { singleton } from "@chatbot/framework";\n@singleton()\nexport class Version {\n  readonly value = "v${i}";\n}\n`,
  );

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (name, times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    mode: name,
    edits: times.length,
    p50_ms: +quantile(sorted, 0.5).toFixed(1),
    p95_ms: +quantile(sorted, 0.95).toFixed(1),
  };
};

try {
  if (PARTS.includes("reload")) await reloadPart();
  if (PARTS.includes("memory")) await memoryPart();
  if (PARTS.includes("session")) await sessionPart();
} finally {
  await answers.close();
  await stop(server.child);
  rmSync(project, { recursive: true, force: true });
}

/** Reload times against restarting the bot process, on a small bot. */
async function reloadPart() {
  // chatbot dev, attached to the server: each save reloads the code around the same connection.
  const { child: dev } = await spawnUntil(
    [CHATBOT, "dev", "--server-url", server.baseUrl],
    /^ready /m,
    60_000,
    project,
  );
  const world = JSON.parse(readFileSync(join(project, ".chatbot/dev.json"), "utf8"));
  const channel = world.channels.general;
  await answered(channel, "v0");
  const reloads = [];
  for (let i = 1; i <= EDITS; i++) {
    const start = performance.now();
    edit(i);
    await answered(channel, `v${i}`);
    reloads.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop(dev);

  const restarts = [];
  for (let i = EDITS + 1; i <= 2 * EDITS; i++) {
    const start = performance.now();
    edit(i);
    const bot = spawn(
      process.execPath,
      [
        join(project, "restart.mjs"),
        project,
        join(project, ".restart", String(i)),
        world.token,
        server.baseUrl,
      ],
      { cwd: project, stdio: ["ignore", "pipe", "inherit"] },
    );
    await answered(channel, `v${i}`);
    restarts.push(performance.now() - start);
    await new Promise((resolve) => {
      bot.once("exit", resolve);
      bot.kill("SIGKILL");
    });
  }
  const rows = [
    summary("chatbot dev reload (same connection)", reloads),
    summary("restart of the bot process", restarts),
  ];
  console.table(rows);
  const ratio = rows[1].p50_ms / rows[0].p50_ms;
  console.log(
    `reload p50 ${rows[0].p50_ms} ms (target < 200 ms), ${ratio.toFixed(1)}x faster than a restart (target >= 5x)`,
  );
}

/** The code thread's memory over many saves, recycled and not, without the type check. */
async function memoryPart() {
  const extra = (process.env.BENCH_DEV_ARGS ?? "").split(" ").filter(Boolean);
  const recycled = await memoryRun(SAVES, ["--no-typecheck", ...extra]);
  const kept = await memoryRun(BASELINE_SAVES, [
    "--no-typecheck",
    "--recycle-after",
    String(BASELINE_SAVES + 10),
  ]);
  console.table([
    { mode: "code thread recycled (default: every 20 reloads)", ...recycled.row },
    { mode: "code thread never recycled (baseline)", ...kept.row },
  ]);
  console.log(
    `after ${SAVES} saves of a 50-file bot: RSS ${recycled.row.rss_last_mb} MB, ${recycled.row.growth_mb} MB above the first reload (target <= 50 MB), ${recycled.row.builds_left} build folder(s) left, reload p50 ${recycled.row.reload_p50_ms} ms; never recycled: +${(kept.row.growth_mb / BASELINE_SAVES).toFixed(2)} MB per save`,
  );
  for (const [name, run] of [
    ["recycled", recycled],
    ["never recycled", kept],
  ]) {
    console.log(`RSS by saves (${name}):`, run.samples.map(([n, mb]) => `${n}: ${mb} MB`).join(", "));
  }
}

/**
 * The whole session with the type check on, on TypeScript 7 (the targets of issues 41 and 52),
 * then the same saves with `--no-typecheck`: the reload's own time, to compare the check-on figure
 * with in the same run (BENCH_SESSION_CHECK_OFF=0 leaves it out).
 */
async function sessionPart() {
  const from = Math.min(50, SESSION_SAVES);
  const extra = process.env.BENCH_DEV_ARGS?.split(" ").filter(Boolean) ?? [];
  const session = (args) =>
    sessionRun({
      chatbot: CHATBOT,
      files: fiftyFiles(),
      link: linkWithTypeScript7,
      saves: SESSION_SAVES,
      marks: [from, SESSION_SAVES],
      args,
      edit: (folder, i, write) => {
        if (write) writeFileSync(join(folder, "src/version.ts"), versionFile(i));
        return `v${i} from 0`;
      },
    });
  const run = await session(extra);
  const off =
    process.env.BENCH_SESSION_CHECK_OFF === "0" ? null : await session(["--no-typecheck", ...extra]);
  // One cycle of the code's thread (20 builds) up to each save: the thread's size grows within a
  // cycle by what each build's modules hold (ES modules cannot be unloaded) and drops at its end.
  // Two cycles (saves 11 to 50) reached back into the first cycles, while the process is still
  // warming up (on Node 24 their means read 206 and 230 MB, then 245 MB and flat to save 300).
  const CYCLE = 20;
  const mean = (upTo) => {
    const window = run.host.slice(Math.max(0, upTo - CYCLE), upTo);
    return window.reduce((sum, mb) => sum + mb, 0) / window.length;
  };
  const growth = +(mean(SESSION_SAVES) - mean(from)).toFixed(1);
  const rows = [["type check on", run], ...(off ? [["type check off", off]] : [])];
  console.table(
    rows.map(([mode, each]) => ({
      mode,
      saves: SESSION_SAVES,
      reload_p50_ms: each.reloadP50,
      reload_p95_ms: each.reloadP95,
      session_says_p50_ms: each.reportedP50,
      rss_peak_mb: each.peak.mb,
    })),
  );
  console.table([
    {
      saves: SESSION_SAVES,
      [`rss_at_${from}_mb`]: run.at[from],
      [`rss_at_${SESSION_SAVES}_mb`]: run.at[SESSION_SAVES],
      rss_peak_mb: run.peak.mb,
      processes_at_peak: run.peak.processes,
      [`growth_${from}_to_${SESSION_SAVES}_mb`]: growth,
      reload_p50_ms: run.reloadP50,
      reload_p95_ms: run.reloadP95,
      session_says_p50_ms: run.reportedP50,
    },
  ]);
  const failed = [];
  if (run.peak.mb > TARGET.totalMb) failed.push(`RSS in all ${run.peak.mb} MB > ${TARGET.totalMb} MB`);
  if (growth > TARGET.growthMb) failed.push(`growth ${growth} MB > ${TARGET.growthMb} MB`);
  if (run.reloadP50 >= TARGET.reloadP50Ms)
    failed.push(`reload p50 ${run.reloadP50} ms >= ${TARGET.reloadP50Ms} ms`);
  console.log(
    `chatbot dev, type check on (TypeScript 7), ${SESSION_SAVES} saves of a 50-file bot: at most ${run.peak.mb} MB in all (target <= ${TARGET.totalMb}), ${run.at[SESSION_SAVES]} MB after the last check, growth ${growth} MB from save ${from} (target <= ${TARGET.growthMb}), reload p50 ${run.reloadP50} ms (target < ${TARGET.reloadP50Ms})${off ? `; with the check off, in the same run: reload p50 ${off.reloadP50} ms` : ""}`,
  );
  const cycles = [];
  for (let upTo = CYCLE; upTo <= run.host.length; upTo += CYCLE)
    cycles.push(`${upTo - CYCLE + 1}-${upTo}: ${mean(upTo).toFixed(1)}`);
  console.log(`process RSS, mean of each ${CYCLE} saves (MB):`, cycles.join(", "));
  console.log("process RSS by save:", run.host.map((mb, i) => `${i + 1}: ${mb}`).join(", "));
  for (const line of failed) console.log(`FAIL ${line}`);
  if (failed.length > 0) process.exitCode = 1;
}

/** The resident size of a process, in MB (from /proc). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return +(Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024).toFixed(1);
}

/** `saves` saves of the 50-file bot under chatbot dev (with `args`): RSS samples and reload times. */
async function memoryRun(saves, args, settleMs = 0) {
  const folder = mkdtempSync(join(tmpdir(), "bench-dev-memory-"));
  symlinkSync(join(ROOT, "node_modules"), join(folder, "node_modules"), "dir");
  for (const [path, text] of Object.entries(fiftyFiles())) {
    mkdirSync(join(folder, path, ".."), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  const { child: dev } = await spawnUntil(
    [CHATBOT, "dev", "--server-url", server.baseUrl, ...args],
    /^ready /m,
    60_000,
    folder,
  );
  try {
    const world = JSON.parse(readFileSync(join(folder, ".chatbot/dev.json"), "utf8"));
    const channel = world.channels.general;
    const want = (i) => `v${i} from 0`;
    await answered(channel, want(0));
    const times = [];
    const samples = [];
    let first = 0;
    for (let i = 1; i <= saves; i++) {
      const start = performance.now();
      writeFileSync(join(folder, "src/version.ts"), versionFile(i));
      await answered(channel, want(i));
      times.push(performance.now() - start);
      if (i === 1) {
        await new Promise((resolve) => setTimeout(resolve, settleMs));
        first = rssMb(dev.pid);
      }
      if (i % Number(process.env.BENCH_SAMPLE ?? 100) === 0 || i === saves) samples.push([i, rssMb(dev.pid)]);
      // A save as a person makes them: not faster than the previous reload has settled.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const last = samples.at(-1)[1];
    const builds = readdirSync(join(folder, ".chatbot/build")).length;
    const sorted = [...times].sort((a, b) => a - b);
    return {
      samples,
      row: {
        saves,
        rss_first_reload_mb: first,
        rss_last_mb: last,
        rss_max_mb: Math.max(first, ...samples.map(([, mb]) => mb)),
        growth_mb: +(last - first).toFixed(1),
        builds_left: builds,
        reload_p50_ms: +quantile(sorted, 0.5).toFixed(1),
        reload_p95_ms: +quantile(sorted, 0.95).toFixed(1),
      },
    };
  } finally {
    await stop(dev);
    rmSync(folder, { recursive: true, force: true });
  }
}
