import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EXIT_CODES } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../src/testing/redis-server.js";

// chatbot-cluster ends with npm start's exit code for the same cause (docs/scaling.md).

const BIN = fileURLToPath(new URL("../bin/chatbot-cluster.js", import.meta.url));
const BOT = fileURLToPath(new URL("./fixtures/recorder-bot.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "cluster-exit-"));
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `chatbot-cluster --role both` until it exits (or `whileRunning` makes it); answers how. */
function cluster(
  token: string,
  baseUrl: string,
  whileRunning: () => Promise<unknown> = async () => undefined,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, BOT, "--role", "both"], {
      env: {
        ...process.env,
        REDIS_URL: redis.url,
        CHATBOT_TOKEN: token,
        CHATBOT_BASE_URL: baseUrl,
        RECORDER_LOG: join(dir, "handled.log"),
        RECORDER_NODE: "n1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.stdout.once("data", () => void whileRunning());
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

it("exits 3, as npm start does, when the service refuses the token", async () => {
  await using world = await createTestWorld({ people: ["ada"] });
  const run = await cluster("not-the-token", world.baseUrl);
  expect(run.stderr).toMatch(/^chatbot-cluster: could not start: .*\(exit code 3\)\n$/m);
  expect(run.code).toBe(EXIT_CODES.authentication);
});

it("exits 4, as npm start does, when the gateway stops for good on refused intents (4013)", async () => {
  await using world = await createTestWorld({ people: ["ada"] });
  let exited = false;
  const run = cluster(world.token, world.baseUrl, async () => {
    // Until the gateway role's connection is up and closed with 4013.
    while (!exited && !(await world.faults.closeGateway(4013))) await new Promise((r) => setTimeout(r, 100));
  });
  const { code, stderr } = await run.finally(() => (exited = true));
  expect(stderr).toMatch(/chatbot-cluster: the gateway stopped for good: .*\(exit code 4\)\n/);
  expect(code).toBe(EXIT_CODES.intents);
});
