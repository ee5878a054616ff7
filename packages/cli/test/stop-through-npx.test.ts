import { afterAll, describe, expect, it } from "vitest";
import { alive, descendants } from "../../../test-support/process-tree.js";
import { REPO_ROOT, type ServerProcess, startReadyProcess } from "./run-cli.js";

/** Whether the server answers within `waitMs` (a closed port refuses at once). */
async function answers(baseUrl: string, waitMs = 500): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/dev/v1/clock`, { signal: AbortSignal.timeout(waitMs) });
    return true;
  } catch {
    return false;
  }
}

let leftover: number[] = [];
let started: ServerProcess | undefined;
afterAll(() => {
  started?.child.kill("SIGKILL");
  for (const pid of leftover.filter(alive)) process.kill(pid, "SIGKILL");
});

describe("stopping `npx chatbot server`", () => {
  it("SIGTERM to the npx process stops the server: the port stops answering, no process is left", async () => {
    const server = await startReadyProcess("npx", ["chatbot", "server", "--port", "0"], REPO_ROOT, 30_000);
    started = server;
    const below = descendants(server.child.pid!);
    leftover = below;
    // npm runs the binary through a shell: npm, sh, node.
    expect(below.length).toBeGreaterThanOrEqual(1);
    // A loaded machine may be slow to answer the first request: up to 5 s.
    expect(await answers(server.baseUrl, 5_000)).toBe(true);

    server.child.kill("SIGTERM");
    await server.exited;
    // At most 2 s for the server to close, checked every 50 ms.
    for (const deadline = Date.now() + 2_000; Date.now() < deadline;) {
      if (!below.some(alive) && !(await answers(server.baseUrl))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(below.filter(alive)).toEqual([]);
    expect(await answers(server.baseUrl)).toBe(false);
  }, 60_000);
});
