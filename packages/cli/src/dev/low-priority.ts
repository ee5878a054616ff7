import { type ChildProcessByStdio, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { setPriority } from "node:os";
import type { Readable } from "node:stream";

/** The niceness of background work (0 is normal, 19 the lowest): below chatbot dev's own. */
export const BACKGROUND_PRIORITY = 10;

/**
 * `nice`, where there is one: the program starts under it, so every thread it makes has the lower
 * priority from its first instruction. `os.setPriority` on the child's pid, the fallback, reaches
 * only the threads it has by then (Linux keeps a niceness per thread, and Go starts its threads at
 * once).
 */
const NICE = process.platform === "win32" ? undefined : ["/usr/bin/nice", "/bin/nice"].find(existsSync);

/**
 * Starts `command` (its output piped) below chatbot dev's priority: under `nice`, else lowered with
 * `os.setPriority` once started. (On Linux with autogroups the niceness counts inside chatbot dev's
 * session only: a check still spends that session's share of a busy machine. A session of its own
 * for the check was tried, and read no better under load; see docs/cli.md.)
 */
export function spawnLowPriority(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
): ChildProcessByStdio<null, Readable, Readable> {
  const spawnOptions = { ...options, stdio: ["ignore", "pipe", "pipe"] as ["ignore", "pipe", "pipe"] };
  const child = NICE
    ? spawn(NICE, ["-n", String(BACKGROUND_PRIORITY), command, ...args], spawnOptions)
    : spawn(command, args, spawnOptions);
  if (child.pid === undefined) return child;
  if (!NICE) {
    try {
      setPriority(child.pid, BACKGROUND_PRIORITY);
    } catch {
      // not allowed here: it runs at the same priority
    }
  }
  return child;
}
