// What runs below a process, for the tests that stop one and check nothing is left behind.
import { execFileSync } from "node:child_process";

/** Every process below `root`, read from `ps`. */
export function descendants(root: number): number[] {
  const table = execFileSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  for (let parents = [root]; parents.length > 0;) {
    const children = table.filter(([, ppid]) => parents.includes(ppid)).map(([pid]) => pid);
    found.push(...children);
    parents = children;
  }
  return found;
}

/**
 * Whether `pid` still runs. A process that has exited but whose new parent has not reaped it yet (a
 * zombie, `Z` in `ps`: here PID 1 of a container that reaps late) has stopped, and is not counted.
 */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const state = execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).trim();
    return state !== "" && !state.startsWith("Z");
  } catch {
    return false;
  }
}
