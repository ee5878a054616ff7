import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestWorld } from "@chatbot/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { alive, descendants } from "../../../test-support/process-tree.js";
import { type RedisServer, startRedisServer } from "../src/testing/redis-server.js";

// However a chatbot-cluster process is asked to stop, it ends, within its stop timeout.

const BIN = fileURLToPath(new URL("../bin/chatbot-cluster.js", import.meta.url));
const BOT = fileURLToPath(new URL("./fixtures/recorder-bot.mjs", import.meta.url));
const PACKAGE = fileURLToPath(new URL("../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "cluster-stop-"));
const log = join(dir, "handled.log");
let redis: RedisServer;
const children: ChildProcess[] = [];
const pids: number[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const pid of pids.splice(0).filter(alive)) process.kill(pid, "SIGKILL");
});
afterAll(async () => {
  await redis.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `command` (the binary, or npx) and resolves once it printed its `ready` line. */
function start(
  command: string,
  args: string[],
  world: { token: string; baseUrl: string },
): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const child = spawn(command, args, {
    cwd: PACKAGE,
    env: {
      ...process.env,
      REDIS_URL: redis.url,
      CHATBOT_TOKEN: world.token,
      CHATBOT_BASE_URL: world.baseUrl,
      RECORDER_LOG: log,
      RECORDER_NODE: "n1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    child.stdout!.on("data", (c: Buffer) => {
      output += c.toString();
      if (output.includes("ready node=")) resolve({ child, output: () => output, exited });
    });
    void exited.then((code) => reject(new Error(`exited ${code} before ready:\n${output}`)));
  });
}

describe("stopping chatbot-cluster", () => {
  it("exits 1 once --stop-timeout has passed when a handler holds the stop, saying so", async () => {
    await using world = await createTestWorld({ people: ["ada"], rateLimits: false });
    const node = await start(
      process.execPath,
      [BIN, BOT, "--role", "both", "--node-id", "n1", "--stop-timeout", "1000"],
      world,
    );
    await world.app.connected();
    // A "slow" message keeps its handler running for 4 s.
    await world.people.ada.say(world.channels.general, "slow one");
    await expect
      .poll(() => readFileSync(log, "utf8").includes("start n1 slow one"), { timeout: 10_000 })
      .toBe(true);
    const asked = performance.now();
    node.child.kill("SIGTERM");
    expect(await node.exited).toBe(1);
    const took = performance.now() - asked;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(3_000);
    expect(node.output()).toContain("still stopping 1000 ms after SIGTERM received; exiting (exit code 1)");
  });

  it("refuses a --stop-timeout that is not a whole number of milliseconds", async () => {
    const child = spawn(process.execPath, [BIN, BOT, "--stop-timeout", "0.5"], {
      env: {
        ...process.env,
        REDIS_URL: redis.url,
        CHATBOT_TOKEN: "t",
        CHATBOT_BASE_URL: "http://127.0.0.1:9",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("--stop-timeout must be a whole number of milliseconds of at least 1, got 0.5");
  });

  it("run with npx, stops its node when the npx process gets SIGTERM: no process is left", async () => {
    await using world = await createTestWorld({ people: ["ada"], rateLimits: false });
    const node = await start("npx", ["chatbot-cluster", BOT, "--role", "both", "--node-id", "n1"], world);
    const below = descendants(node.child.pid!);
    pids.push(...below);
    expect(below.length).toBeGreaterThan(0);
    node.child.kill("SIGTERM");
    await node.exited;
    await expect.poll(() => below.filter(alive), { timeout: 10_000 }).toEqual([]);
  });
});
