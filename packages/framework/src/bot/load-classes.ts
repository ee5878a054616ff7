import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { commandOptionsOf } from "../decorators/command.js";
import { scheduleSpecsOf } from "../decorators/on-schedule.js";
import { handlerSpecsOf } from "../decorators/on.js";

type Class = abstract new (...args: never[]) => unknown;

/** The command and listener classes found in a folder. */
export interface LoadedClasses {
  readonly commands: Class[];
  readonly listeners: Class[];
}

const SOURCE = /\.(?:[cm]?js|[cm]?ts)$/;
const SKIPPED = /\.(?:test|spec)\.[cm]?[jt]s$|\.d\.[cm]?ts$/;

/**
 * Imports every module below `folder` (tests and type declarations left out) and collects the
 * exported classes decorated with `@Command` and those with `@On` / `@Once` handlers. TypeScript
 * files need a runner that emits decorator metadata (vitest, `chatbot dev`); a built bot points it
 * at its compiled folder.
 */
export async function loadClasses(folder: string): Promise<LoadedClasses> {
  const root = resolve(folder);
  const files = (await readdir(root, { recursive: true }))
    .filter((f) => SOURCE.test(f) && !SKIPPED.test(f))
    .sort();
  const commands: Class[] = [];
  const listeners: Class[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value !== "function") continue;
      if (commandOptionsOf(value) && !commands.includes(value as Class)) commands.push(value as Class);
      else if (
        (handlerSpecsOf(value).length > 0 || scheduleSpecsOf(value).length > 0) &&
        !listeners.includes(value as Class)
      )
        listeners.push(value as Class);
    }
  }
  return { commands, listeners };
}
