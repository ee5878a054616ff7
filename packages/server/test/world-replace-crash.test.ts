import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeedWorld } from "../src/index.js";
import { SqliteStore } from "../src/kernel/store/sqlite-store.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const child = fileURLToPath(new URL("./fixtures/replace-world-child.mjs", import.meta.url));
const MESSAGES = 8_000;
/**
 * Milliseconds after the first world is stored at which the child is killed: spread over about
 * two replaces of 8,000 messages on a slow machine.
 */
const KILL_AFTER_MS = [0, 60, 130, 210, 300, 400, 510, 630, 760, 900, 1050, 1200];

/** A world of one person, one server and {@link MESSAGES} messages whose ids start at `firstId`. */
function world(firstId: bigint, word: string): SeedWorld {
  const base = 1n << 40n;
  return {
    users: [{ id: "1001", username: "owner" }],
    guilds: [{ id: "3001", name: "Guild", owner_id: "1001" }],
    channels: [{ id: "6001", guild_id: "3001", name: "general" }],
    messages: Array.from({ length: MESSAGES }, (_, i) => ({
      id: String(base + firstId + BigInt(i)),
      channel_id: "6001",
      author_id: "1001",
      content: `${word} ${i} ${"x".repeat(200)}`,
    })),
  };
}

function killAfterReady(proc: ChildProcess, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const guard = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`the child was not ready in time: ${out} ${err}`));
    }, 60_000);
    proc.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    proc.stdout!.on("data", (chunk: Buffer) => {
      const before = out;
      out += chunk.toString();
      if (!before.includes("ready\n") && out.includes("ready\n")) {
        setTimeout(() => proc.kill("SIGKILL"), delayMs);
      }
    });
    proc.on("exit", (code, signal) => {
      clearTimeout(guard);
      if (signal === "SIGKILL") resolve();
      else reject(new Error(`the child ended by itself (${code}): ${err}`));
    });
  });
}

let dir: string;
beforeAll(() => {
  // The child runs the built package, as `chatbot server --data` does.
  execFileSync(
    process.execPath,
    ["node_modules/@typescript/native/bin/tsc", "-b", "packages/server/tsconfig.build.json"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  dir = mkdtempSync(join(tmpdir(), "world-replace-"));
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("PUT /dev/v1/world under kill -9", () => {
  it("leaves the whole old world or the whole new one, wherever the process dies", async () => {
    const first = world(0n, "old");
    const second = world(100_000n, "new");
    const firstPath = join(dir, "first.json");
    const secondPath = join(dir, "second.json");
    writeFileSync(firstPath, JSON.stringify(first));
    writeFileSync(secondPath, JSON.stringify(second));
    const ids = (w: SeedWorld) =>
      (w.messages ?? [])
        .map((m) => m.id)
        .sort()
        .join(",");
    const seen = { old: 0, new: 0 };
    for (const delay of KILL_AFTER_MS) {
      const dataPath = join(dir, `world-${delay}.db`);
      const proc = spawn(process.execPath, [child, dataPath, firstPath, secondPath], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      });
      await killAfterReady(proc, delay);
      const store = new SqliteStore(dataPath);
      const rows = store.load();
      store.close();
      const stored = ((rows.messages ?? []) as Array<{ id: string }>)
        .map((m) => m.id)
        .sort()
        .join(",");
      const which = stored === ids(first) ? "old" : stored === ids(second) ? "new" : null;
      expect(which, `killed ${delay} ms in: ${rows.messages?.length ?? 0} messages stored`).not.toBeNull();
      expect(rows.users?.length, `killed ${delay} ms in`).toBe(1);
      expect(rows.channels?.length, `killed ${delay} ms in`).toBe(1);
      seen[which!] += 1;
    }
    console.log(
      `world replace killed at ${KILL_AFTER_MS.length} points: old world ${seen.old}, new world ${seen.new}`,
    );
    // The kills landed inside replaces, not only before the first one.
    expect(seen.new).toBeGreaterThan(0);
  }, 240_000);
});
