// chatbot dev's type check with each line of TypeScript a project may have: 7 (the native compiler,
// no JavaScript API) and 6 (the last line with one), each the project's own, installed beside it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newProject, projectTsconfig, save, start } from "./dev-fixtures.js";
import { waitFor } from "./dev-project.js";

const TSCONFIG = projectTsconfig([]);

describe.each(["7", "6"] as const)("chatbot dev's type check on TypeScript %s", (typescript) => {
  it(
    "prints type errors with a code frame in the background, without holding back the reload, and says when they are fixed",
    { timeout: 90_000 },
    async () => {
      const project = newProject(typescript);
      project.write("tsconfig.json", TSCONFIG);
      const dev = await start(project);
      const line = await save(
        dev,
        project,
        "src/greeter.ts",
        "greet(name: string): string {",
        'greet(name: string): string {\n    const n: number = "text";\n    void n;',
      );
      // The reload happened at once: the new code runs, type error and all.
      expect(line).toMatch(/^reloaded src\/greeter\.ts in \d+ ms/);
      const reported = await waitFor(
        () => dev.stderr(),
        /src\/greeter\.ts:6:11: Type 'string' is not assignable to type 'number'\. \(TS2322\)\n[\s\S]*?> 6 \|/,
        30_000,
      );
      expect(reported[0]).toMatch(/^src\/greeter\.ts:6:11/);
      expect(dev.stderr()).toContain('> 6 |     const n: number = "text";');
      expect(dev.stderr()).not.toMatch(/no type check|is not a function/);
      // docs/cli.md shows this very report.
      const page = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8");
      const shown = /```text\n(type errors \(the bot still reloads[\s\S]*?)```/.exec(page)![1]!;
      for (const line of shown.trimEnd().split("\n")) expect(dev.stderr()).toContain(line);
      await save(dev, project, "src/greeter.ts", 'const n: number = "text";', "const n: number = 1;");
      await waitFor(dev.stdout, /types: no errors/, 30_000);
    },
  );
});

/** The type checks running under `pid`: each tsc child's pid. */
function checks(pid: number): number[] {
  const found: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readOrEmpty(`/proc/${pid}/task/${task}/children`).trim();
    for (const child of children ? children.split(/\s+/).map(Number) : []) {
      if (readOrEmpty(`/proc/${child}/comm`).trim() === "tsc") found.push(child);
    }
  }
  return found;
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** The niceness of each thread of `pid` (stat's 19th field). */
function niceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((task) => {
    const stat = readOrEmpty(`/proc/${pid}/task/${task}/stat`);
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

it.skipIf(process.platform !== "linux")(
  "runs a check after the reload of its save, below chatbot dev's priority on one processor, and drops it at the next save",
  { timeout: 90_000 },
  async () => {
    const project = newProject("7");
    project.write("tsconfig.json", TSCONFIG);
    const dev = await start(project);
    const pid = dev.child.pid!;
    const reloadLines = () => dev.stdout().match(/^reloaded /gm)?.length ?? 0;
    // The check at start: every thread of its tsc below normal priority, Go on one processor.
    let first: number | undefined;
    while ((first = checks(pid)[0]) === undefined) await tick();
    expect(new Set(niceness(first))).toEqual(new Set([10]));
    expect(readOrEmpty(`/proc/${first}/environ`).split("\0")).toContain("GOMAXPROCS=1");
    while (checks(pid).length > 0) await tick();

    // A save's check starts once its reload is done.
    project.edit("src/greeter.ts", "pong v1", "pong v2");
    let second: number | undefined;
    while ((second = checks(pid)[0]) === undefined) await tick();
    expect(reloadLines()).toBe(1);
    // The next save drops it at once, and its own check waits for its reload.
    project.edit("src/greeter.ts", "pong v2", "pong v3");
    while (!checks(pid).some((p) => p !== second)) await tick();
    expect(existsSync(`/proc/${second}`) && !readOrEmpty(`/proc/${second}/stat`).includes(") Z")).toBe(false);
    expect(reloadLines()).toBe(2);
    while (checks(pid).length > 0) await tick();
    expect(dev.stderr()).not.toMatch(/type errors|no type check/);
  },
);
