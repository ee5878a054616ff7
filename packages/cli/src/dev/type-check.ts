import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

/** What the background type check says: printed by `chatbot dev`. */
export interface TypeCheckOutput {
  /** Type errors of the last check, each with its place and code frame. */
  errors(lines: readonly string[]): void;
  /** The check is clean again after errors. */
  clean(): void;
  /** Why there is no type check (no tsconfig.json, no typescript in the project). */
  off(reason: string): void;
}

/** How much a checker's heap may grow above a quarter more than its first size before it is replaced. */
const GROWTH_BYTES = 32 * 1024 * 1024;

/**
 * Type-checks the project in the background (a worker thread running the project's own TypeScript in
 * watch mode, incremental), so that a reload is never held back by it: `chatbot dev` reloads at once
 * and prints type errors when the check ends. Answers a function that stops it.
 */
export function startTypeCheck(root: string, output: TypeCheckOutput): () => Promise<void> {
  const config = join(root, "tsconfig.json");
  if (!existsSync(config)) {
    output.off("no tsconfig.json in the project");
    return async () => undefined;
  }
  try {
    createRequire(join(root, "package.json")).resolve("typescript");
  } catch {
    output.off("typescript is not installed in the project");
    return async () => undefined;
  }
  let failing = false;
  // The checker's heap after its first check, and how far above it a fresh checker is started: the
  // watch program keeps what it needs for the next check, and what it holds slowly grows.
  let baseline: number | null = null;
  const spawn = (): Worker => {
    const worker = new Worker(new URL("./type-check-worker.js", import.meta.url), {
      workerData: { root, config },
    });
    worker.unref();
    worker.on("message", (message: { errors: string[] } | { heapBytes: number }) => {
      if ("heapBytes" in message) {
        baseline ??= message.heapBytes;
        if (message.heapBytes > baseline * 1.25 + GROWTH_BYTES) {
          // Its state is in .chatbot/typecheck.tsbuildinfo: the fresh one checks only what changed.
          void current.terminate();
          current = spawn();
        }
        return;
      }
      const { errors } = message;
      if (errors.length > 0) output.errors(errors);
      else if (failing) output.clean();
      failing = errors.length > 0;
    });
    worker.on("error", (error) => output.off(`the type checker stopped: ${error.message}`));
    return worker;
  };
  let current = spawn();
  return async () => {
    await current.terminate();
  };
}
