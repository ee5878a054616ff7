// chatbot dev's memory, at a small size (bench/dev-reload.mjs measures the full one): its own
// server, the bot's code thread and the type check on TypeScript 7, saves one after the other.
// What stays resident (the process: server, host and the bot's thread; the type checker's tsc lives
// only while a check runs) is within 250 MB. Its growth from one cycle of the code's thread to a
// later one, and the peak with a check running, are printed, not asserted: both are over their
// targets on Node 24 (see docs/cli.md, Memory).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newProject, projectTsconfig, save, start } from "./dev-fixtures.js";
import { use } from "./dev-project.js";

/** The process `pid` and every process under it (from /proc). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pids[i]}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${pids[i]}/task/${task}/children`, "utf8").trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      } catch {
        // the process ended meanwhile
      }
    }
  }
  return pids;
}

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
  } catch {
    return 0;
  }
}

const TSCONFIG = projectTsconfig(["node"]);

/** Reloads per code thread here: a cycle of 5 saves, so that a few cycles are few saves. */
const CYCLE = 5;
const SAVES = 8 * CYCLE;

describe.runIf(process.platform === "linux")("chatbot dev's memory", () => {
  it(
    `stays within 250 MB between checks with the type check on, over ${SAVES} saves`,
    { timeout: 240_000 },
    async () => {
      const project = newProject("7");
      project.write("tsconfig.json", TSCONFIG);
      const dev = await start(project, ["--recycle-after", String(CYCLE)]);
      const pid = dev.child.pid!;
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(
          peak,
          processTree(pid).reduce((sum, each) => sum + rssMb(each), 0),
        );
      }, 50);
      const own: number[] = [];
      try {
        for (let i = 1; i <= SAVES; i++) {
          await save(dev, project, "src/greeter.ts", `pong v${i}`, `pong v${i + 1}`);
          expect(await use(dev, project, "ping")).toEqual({
            state: "answered",
            contents: [`pong v${i + 1} for alice`],
          });
          own.push(rssMb(pid));
        }
      } finally {
        clearInterval(sampler);
      }
      // The mean over two cycles of the code's thread: where in a cycle a save falls does not count.
      const mean = (upTo: number) =>
        own.slice(upTo - 2 * CYCLE, upTo).reduce((a, b) => a + b, 0) / (2 * CYCLE);
      // From after the first cycles (warm-up: code compiled, caches filled), as the benchmark measures
      // from save 50 on.
      const growth = mean(SAVES) - mean(4 * CYCLE);
      // Once the last check has ended, everything chatbot dev is, is the process alone. (A save stops
      // the check under way, and the next starts after the reload: saves this close together may
      // leave the check of the last one still to come.)
      const typeInfo = join(project.root, ".chatbot", "typecheck.tsbuildinfo");
      await expect
        .poll(() => existsSync(typeInfo) && processTree(pid).length === 1, { timeout: 60_000 })
        .toBe(true);
      const resident = rssMb(pid);
      console.log(
        `chatbot dev, ${SAVES} saves: ${Math.round(resident)} MB resident, at most ${Math.round(peak)} MB with a check running, growth ${growth.toFixed(1)} MB`,
      );
      // The growth is printed, not asserted: on Node 24 it reads 5.2 to 5.7 MB over these 20 saves
      // (on Node 20, -1.8 to +3.9), over the 5 MB target; bench/dev-reload.mjs judges the target over
      // 250 saves and fails past it (issue 41 stays open for it).
      expect(Math.round(resident)).toBeLessThanOrEqual(250);
      // The type check ran (and found nothing): its child was part of what was measured.
      expect(dev.stderr()).not.toContain("no type check");
      expect(existsSync(typeInfo)).toBe(true);
    },
  );

  // process.execve: Node 22.15 and later (Node 20 has none, and keeps V8's sizes).
  it.runIf("execve" in process)(
    "starts itself again in place, with the same process id and arguments, its semi-spaces 2 MB",
    { timeout: 60_000 },
    async () => {
      const project = newProject("7");
      const dev = await start(project, ["--no-typecheck"]);
      const argv = readFileSync(`/proc/${dev.child.pid!}/cmdline`, "utf8").split("\0").filter(Boolean);
      expect(argv.slice(1)).toEqual([
        "--max-semi-space-size=2",
        expect.stringMatching(/bin\/chatbot\.js$/),
        "dev",
        "--port",
        "0",
        "--no-typecheck",
      ]);
      expect(await use(dev, project, "ping")).toMatchObject({ state: "answered" });
    },
  );
});
