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
  const worker = new Worker(new URL("./type-check-worker.js", import.meta.url), {
    workerData: { root, config },
  });
  worker.unref();
  let failing = false;
  worker.on("message", ({ errors }: { errors: string[] }) => {
    if (errors.length > 0) output.errors(errors);
    else if (failing) output.clean();
    failing = errors.length > 0;
  });
  worker.on("error", (error) => output.off(`the type checker stopped: ${error.message}`));
  return async () => {
    await worker.terminate();
  };
}
