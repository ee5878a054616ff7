import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { type FSWatcher, watch } from "chokidar";
import { spawnLowPriority } from "./low-priority.js";
import { findProjectCompiler } from "./project-compiler.js";
import { describeTscOutput } from "./tsc-diagnostics.js";

/** What the background type check says: printed by `chatbot dev`. */
export interface TypeCheckOutput {
  /** Type errors of the last check, each with its place and code frame. */
  errors(lines: readonly string[]): void;
  /** The check is clean again after errors. */
  clean(): void;
  /** Why there is no type check (no tsconfig.json, no typescript in the project). */
  off(reason: string): void;
  /**
   * Resolves once no reload is queued or under way: a check starts after the reload of the same
   * saves, not beside it (none given: at once).
   */
  reloaded?(): Promise<void>;
}

/** How long saves are gathered before a check takes them all. */
const GATHER_MS = 50;

/** The files whose change can change what tsc says: sources and the project's tsconfigs. */
const CHECKED = /\.(ts|mts|cts|tsx)$|(^|[\\/])tsconfig[^\\/]*\.json$/;

/** Folders that hold nothing the check reads from the project itself. */
const SKIPPED = new Set(["node_modules", ".chatbot", ".git", "dist"]);

/**
 * Type-checks the project in the background with its own `tsc` (`tsc -p tsconfig.json --noEmit
 * --incremental --pretty false`, the native compiler of TypeScript 7 or the script of 5.x and 6.x),
 * once at start and again after saves, in a child process that ends with each check: nothing of the
 * checker stays in memory between checks, and `.chatbot/typecheck.tsbuildinfo` makes each check
 * redo only what changed. A reload is never held back by it: a save stops a check under way (what
 * it would say is out of date), and the next check starts once the reload of that save is done, so
 * the two do not share the cores; `chatbot dev` prints type errors when a check ends. Saves closer
 * together than a check (about 0.3 s for a bot of 50 files) get their check once they pause.
 * Answers a function that stops it.
 */
export function startTypeCheck(root: string, output: TypeCheckOutput): () => Promise<void> {
  const config = join(root, "tsconfig.json");
  if (!existsSync(config)) {
    output.off("no tsconfig.json in the project");
    return async () => undefined;
  }
  const compiler = findProjectCompiler(root);
  if (typeof compiler === "string") {
    output.off(compiler);
    return async () => undefined;
  }
  const state = join(root, ".chatbot");
  mkdirSync(state, { recursive: true });
  const args = [
    ...compiler.args,
    "-p",
    config,
    "--noEmit",
    "--incremental",
    "--tsBuildInfoFile",
    join(state, "typecheck.tsbuildinfo"),
    "--pretty",
    "false",
    // TypeScript 7 checks on several threads by default: one is as quick for a bot's few files,
    // holds less memory (about 95 MB for a bot of 50 files, against 110) and leaves the other
    // cores to the reloads.
    ...(compiler.major >= 7 ? ["--singleThreaded"] : []),
  ];
  let failing = false;
  let stopped = false;
  let running: ChildProcess | null = null;
  let timer: NodeJS.Timeout | undefined;

  // TypeScript 7's compiler is a Go program: one processor for it (its collector's workers
  // included) leaves the other cores to chatbot dev, whatever the machine has.
  const env =
    compiler.major >= 7 && !process.env.GOMAXPROCS ? { ...process.env, GOMAXPROCS: "1" } : process.env;
  const check = (): void => {
    let text = "";
    // A check gives way to a reload: the bot's new code first, its types a moment later.
    const child = spawnLowPriority(compiler.command, args, { cwd: root, env });
    running = child;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    child.on("error", (error) => {
      output.off(`the project's tsc ${compiler.version} could not start: ${error.message}`);
      stopped = true;
    });
    child.on("close", (code, signal) => {
      if (running === child) running = null;
      if (stopped || signal) return;
      const errors = describeTscOutput(text, root);
      // tsc failed without a diagnostic of its own (a crash): what it printed is the error.
      if (code !== 0 && errors.length === 0) errors.push(text.trim() || `tsc ended with ${code}`);
      if (errors.length > 0) output.errors(errors);
      else if (failing) output.clean();
      failing = errors.length > 0;
    });
  };
  let scheduled = 0;
  const schedule = (): void => {
    if (stopped) return;
    // What the check under way would say is about the code before this save.
    // At once (SIGKILL): TypeScript 7 takes tens of ms to end on SIGTERM, beside the reload. Its
    // output is not read; a build info file it was writing is read as none by the next check.
    running?.kill("SIGKILL");
    running = null;
    clearTimeout(timer);
    const mine = ++scheduled;
    const start = (): void => {
      if (!stopped && mine === scheduled && running === null) check();
    };
    timer = setTimeout(() => void (output.reloaded?.() ?? Promise.resolve()).then(start, start), GATHER_MS);
  };

  const watcher: FSWatcher = watch(root, {
    ignoreInitial: true,
    ignored: (path) =>
      relative(root, path)
        .split(sep)
        .some((part) => SKIPPED.has(part)),
  });
  watcher.on("all", (_event, path) => {
    if (CHECKED.test(path)) schedule();
  });
  watcher.on("error", () => undefined);
  check();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    running?.kill();
    await watcher.close();
  };
}
