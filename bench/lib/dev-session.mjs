// The whole `chatbot dev` session as a developer runs it (issue 41): its own reference server, the
// bot's code thread and the type checker on, a bot of 50 files saved again and again. Measures the
// resident size of everything it is (the process and its children: the type checker's tsc while a
// check runs), sampled every 50 ms, its growth from one save to a later one (each taken once the
// type check of that save has ended), and the reload times.
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
import { createInterface } from "node:readline";
import { commandAnswers } from "./command-answers.mjs";
import { ROOT, spawnUntil, stop } from "./processes.mjs";

/**
 * Links this repository's packages into `folder`'s node_modules, with `typescript` TypeScript 7
 * (the repository's `@typescript/native`), as a new project has it.
 */
export function linkWithTypeScript7(folder) {
  const modules = join(folder, "node_modules");
  mkdirSync(modules);
  for (const name of readdirSync(join(ROOT, "node_modules"))) {
    if (name === "typescript" || name === ".bin") continue;
    symlinkSync(join(ROOT, "node_modules", name), join(modules, name), "dir");
  }
  symlinkSync(join(ROOT, "node_modules/@typescript/native"), join(modules, "typescript"), "dir");
}

/** The process `pid` and every process under it. */
export function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    for (const task of safeList(`/proc/${pids[i]}/task`)) {
      const children = safeRead(`/proc/${pids[i]}/task/${task}/children`).trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    }
  }
  return pids;
}

/** The resident size of `pid` and its children, in MB, and how many processes that is. */
export function treeRssMb(pid) {
  const pids = processTree(pid);
  let kb = 0;
  for (const each of pids) kb += Number(/VmRSS:\s+(\d+) kB/.exec(safeRead(`/proc/${each}/status`))?.[1] ?? 0);
  return { mb: +(kb / 1024).toFixed(1), processes: pids.length };
}

/** The resident size of `pid` alone, in MB. */
export function ownRssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(safeRead(`/proc/${pid}/status`))?.[1] ?? 0);
  return +(kb / 1024).toFixed(1);
}

function safeList(path) {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

function safeRead(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * `saves` saves of the project `files` (written into a fresh folder whose node_modules `link` makes)
 * under `chatbot dev` with its own server and the type check on; `edit(i)` writes the i-th save and
 * answers what `/ping` answers after it. Samples the whole tree's size every 50 ms, and at each save
 * in `marks`, once that save's type check has ended (`types: no errors` or no tsc running).
 */
export async function sessionRun({ chatbot, files, link, edit, saves, marks, args = [] }) {
  const folder = mkdtempSync(join(tmpdir(), "bench-dev-session-"));
  link(folder);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, ".."), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  const { child: dev, match } = await spawnUntil(
    [chatbot, "dev", "--port", "0", "--fresh", ...args],
    /^ready base_url=(\S+)/m,
    120_000,
    folder,
  );
  const answers = await commandAnswers(match[1]);
  /** What the session itself says each reload took (its "reloaded … in N ms" lines). */
  const reported = [];
  createInterface({ input: dev.stdout }).on("line", (line) => {
    const took = /^reloaded .* in (\d+) ms/.exec(line);
    if (took) reported.push(Number(took[1]));
  });
  let peak = { mb: 0, processes: 0 };
  const sampler = setInterval(() => {
    const now = treeRssMb(dev.pid);
    if (now.mb > peak.mb) peak = now;
  }, 50);
  try {
    const world = JSON.parse(readFileSync(join(folder, ".chatbot/dev.json"), "utf8"));
    const channel = world.channels.general;
    await answers.answered(channel, "ping", edit(folder, 0, false));
    const times = [];
    const at = {};
    /** The process's own size after each save (the type checker's tsc, a child, left out). */
    const host = [];
    for (let i = 1; i <= saves; i++) {
      const start = performance.now();
      const want = edit(folder, i, true);
      await answers.answered(channel, "ping", want);
      times.push(performance.now() - start);
      host.push(ownRssMb(dev.pid));
      if (marks.includes(i)) at[i] = await settled(dev.pid);
      // A save as a person makes them: not faster than the previous reload has settled.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      at,
      host,
      peak,
      reloadP50: +quantile(sorted, 0.5).toFixed(1),
      reloadP95: +quantile(sorted, 0.95).toFixed(1),
      reportedP50:
        quantile(
          reported.sort((a, b) => a - b),
          0.5,
        ) ?? null,
    };
  } finally {
    clearInterval(sampler);
    await answers.close();
    await stop(dev);
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The tree's size once no type check runs (the tree is the process alone), after a moment to settle. */
async function settled(pid) {
  // The check of the save starts a moment after it (saves are gathered for 50 ms).
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let waited = 0; waited < 60_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (processTree(pid).length === 1) break;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return treeRssMb(pid).mb;
}
