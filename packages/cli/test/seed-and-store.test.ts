import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHATBOT_BIN, REPO_ROOT, runCli, type ServerProcess, startReadyProcess } from "./run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "cli-seed-store-"));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const demo = join(REPO_ROOT, "examples/worlds/demo.json");

/** Starts `chatbot server --port 0 <args>` in the test's folder. */
async function start(args: readonly string[]): Promise<ServerProcess> {
  const server = await startReadyProcess(
    process.execPath,
    [CHATBOT_BIN, "server", "--port", "0", ...args],
    dir,
  );
  running.push(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill("SIGTERM");
  expect((await server.exited).code).toBe(0);
}

async function usernames(server: ServerProcess): Promise<string[]> {
  const world = (await fetch(`${server.baseUrl}/dev/v1/world`).then((r) => r.json())) as {
    users: Array<{ username: string; bot?: boolean }>;
  };
  return world.users
    .filter((u) => !u.bot)
    .map((u) => u.username)
    .sort();
}

describe("--data and --seed", () => {
  it("--data makes the folders of its path when they are missing", async () => {
    const server = await start(["--data", "nested/twice/world.db"]);
    expect(existsSync(join(dir, "nested/twice/world.db"))).toBe(true);
    await stop(server);
  });

  it("a stored world wins over --seed, and the server says so; --reseed makes the seed win", async () => {
    const first = await start(["--data", "world.db", "--seed", demo]);
    expect(first.stderr()).toBe("");
    const added = await fetch(`${first.baseUrl}/dev/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "zed" }),
    });
    expect(added.status).toBe(201);
    const stored = await usernames(first);
    expect(stored).toContain("zed");
    await stop(first);

    const second = await start(["--data", "world.db", "--seed", demo]);
    expect(second.stderr()).toBe(
      `chatbot server: kept the world stored in world.db; the seed ${demo} is valid but was not loaded (--reseed replaces the stored world with it)\n`,
    );
    expect(await usernames(second)).toEqual(stored);
    await stop(second);

    const third = await start(["--data", "world.db", "--seed", demo, "--reseed"]);
    expect(third.stderr()).toBe("");
    const seeded = await usernames(third);
    expect(seeded).not.toContain("zed");
    await stop(third);

    // The seed replaced the stored world for good: a start without it finds the seeded world.
    const fourth = await start(["--data", "world.db"]);
    expect(await usernames(fourth)).toEqual(seeded);
    await stop(fourth);
  }, 60_000);

  it("a bad seed is refused even when the store already holds a world", async () => {
    const first = await start(["--data", "kept.db", "--seed", demo]);
    await stop(first);
    writeFileSync(
      join(dir, "bad.json"),
      JSON.stringify({ users: [{ id: "100000000000000001", username: "" }] }),
    );
    const run = runCli(["server", "--port", "0", "--data", "kept.db", "--seed", "bad.json"], dir, 8_000);
    expect(run.lines[0]).toBe(
      "chatbot server: seed file bad.json is invalid: users.0.username: at least 1 character",
    );
    expect(run.stdout).toBe("");
    expect(run.status).toBe(1);
  });
});
