import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../src/index.js";
import { world } from "./support.js";

// The scheduler across processes, as a deployed bot lives: a job whose handler was running when
// the process was killed runs again after the restart, and one that came due while the bot was
// down runs at start, marked late. The bot is a real process (plain node on the built packages).

const MAIN = fileURLToPath(new URL("./fixtures/jobs-main.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "jobs-process-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function startMain(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return child;
}

/** A world, its #general, and the fixture's environment for it with its store in `file`. */
async function worldFor(file: string) {
  const w = await world({ people: ["ada"] });
  const general = w.channel("general");
  const env = {
    CHATBOT_TOKEN: w.token,
    CHATBOT_BASE_URL: w.baseUrl,
    CHATBOT_GATEWAY_URL: w.gatewayUrl,
    JOBS_STORE: join(dir, file),
    JOBS_CHANNEL: general.id,
  };
  return { w, general, env };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", resolve));

describe("scheduled jobs across processes", () => {
  it("a job whose handler was killed (kill -9) in the middle runs again after the restart, and completes once", async () => {
    const { w, general, env } = await worldFor("killed.db");
    const first = startMain({ ...env, JOBS_MODE: "schedule", JOBS_AFTER_MS: "0", JOBS_HANG: "1" });
    await w.nextMessage(general, { from: w.app, matching: "start 1 late false", timeoutMs: 20_000 });
    first.kill("SIGKILL");
    await exited(first);

    const second = startMain({ ...env, JOBS_MODE: "run" });
    await w.nextMessage(general, { from: w.app, matching: /^start 2 late (true|false)$/, timeoutMs: 20_000 });
    await w.nextMessage(general, { from: w.app, matching: "done 2", timeoutMs: 20_000 });
    second.kill("SIGTERM");
    await exited(second);
    const store = new SqliteStore({ path: env.JOBS_STORE });
    expect(await store.jobs.list()).toEqual([]);
    await store.close();
  });

  it("a job that came due while the bot was down runs when it starts, marked late", async () => {
    const { w, general, env } = await worldFor("late.db");
    const first = startMain({ ...env, JOBS_MODE: "schedule", JOBS_AFTER_MS: "1000", JOBS_EXIT: "1" });
    await exited(first);
    expect(first.exitCode).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    startMain({ ...env, JOBS_MODE: "run" });
    await w.nextMessage(general, { from: w.app, matching: "start 1 late true", timeoutMs: 20_000 });
    await w.nextMessage(general, { from: w.app, matching: "done 1", timeoutMs: 20_000 });
  });
});
