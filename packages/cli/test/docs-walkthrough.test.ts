import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./run-cli.js";

const guide = readFileSync(new URL("../../../docs/reference-server.md", import.meta.url), "utf8");

/** The shell block of the guide whose first line starts with `first`. */
function block(first: string): string {
  const blocks = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const found = blocks.find((b) => b.startsWith(first));
  if (!found) throw new Error(`docs/reference-server.md has no sh block starting with ${first}`);
  return found;
}

let server: ServerProcess | undefined;
afterAll(() => server?.child.kill("SIGKILL"));

describe("docs/reference-server.md", () => {
  it("the curl walk-through and the dev API examples run as written", async () => {
    server = await startServerProcess(["--port", "0", "--manual-clock"]);
    const script = [block("B=http://127.0.0.1:8787"), block("# Two more people")]
      .join("\n")
      .replaceAll("http://127.0.0.1:8787", server.baseUrl);
    // Every curl answer is printed; `-f` is not used so error bodies would show up in the output.
    // --norc: Debian's bash reads /etc/bash.bashrc even when not interactive if stdin is a socket.
    const run = spawnSync("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", script], {
      encoding: "utf8",
      timeout: 60_000,
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/"code":/);

    const world = (await fetch(`${server.baseUrl}/dev/v1/world`).then((r) => r.json())) as {
      messages: Array<{ content: string }>;
      channels: Array<{ name: string }>;
      members: Array<{ communication_disabled_until: number | null }>;
    };
    expect(world.messages.map((m) => m.content).sort()).toEqual(["hello Ada", "hello bot"]);
    expect(world.channels.map((c) => c.name)).toContain("mods");
    expect(world.members.some((m) => m.communication_disabled_until !== null)).toBe(true);
  });
});
