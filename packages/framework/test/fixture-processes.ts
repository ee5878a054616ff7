import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach } from "vitest";

/**
 * A fixture bot run as a real process (plain node on the built packages), as a deployed bot lives:
 * `start(env)` resolves once it printed "ready"; every process still running is killed after each
 * test, and the scratch folder (`dir`, for its store files) is removed after the file.
 */
export function fixtureProcesses(main: URL, name: string) {
  const path = fileURLToPath(main);
  const dir = mkdtempSync(`${tmpdir()}/${name}-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  });
  async function start(env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, [path], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    const lines = createInterface({ input: child.stdout! });
    await new Promise<void>((resolve, reject) => {
      // What the bot logs (its warnings and errors, as JSON lines) goes to the test's output.
      lines.on("line", (line) =>
        line === "ready" ? resolve() : process.stderr.write(`[pid ${child.pid}] ${line}\n`),
      );
      child.once("exit", (code) => reject(new Error(`the bot exited (code ${code}) before it was ready`)));
    });
    return child;
  }
  return { dir, start };
}
