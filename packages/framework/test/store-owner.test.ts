import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EXIT_CODES, SqliteStore } from "../src/index.js";
import { fixtureProcesses } from "./fixture-processes.js";
import { world } from "./support.js";

// One store file, one writer: a second bot process on the file of a running one is refused at
// start (exit code 6, the file and the other process named), as a supervisor that restarts
// `npm start` while the bot it started still runs would make one.

const main = new URL("./fixtures/catch-up-main.mjs", import.meta.url);
const { dir, start } = fixtureProcesses(main, "store-owner");

describe("a store file's one writer", { timeout: 30_000 }, () => {
  it("refuses a second bot process on the file of a running one, and takes it once that one is gone", async () => {
    const w = await world({ people: ["ada"], app: { intents: ["guilds", "guild_messages"] } });
    const env = {
      CHATBOT_TOKEN: w.token,
      CHATBOT_BASE_URL: w.baseUrl,
      CHATBOT_GATEWAY_URL: w.gatewayUrl,
      CATCH_UP_STORE: join(dir, "owned.db"),
      CATCH_UP_LOG: w.channel("general").id,
      CATCH_UP_HANDLER_MS: "0",
    };
    const first = await start(env);
    const second = spawn(process.execPath, [fileURLToPath(main)], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let said = "";
    second.stdout.on("data", (chunk: Buffer) => (said += chunk.toString()));
    second.stderr.on("data", (chunk: Buffer) => (said += chunk.toString()));
    const code = await new Promise((resolve) => second.once("exit", resolve));
    expect(code).toBe(EXIT_CODES.storeInUse);
    expect(said).toContain(
      `store: ${env.CATCH_UP_STORE} is the store of another bot process that is still running (pid ${first.pid})`,
    );

    // Killed (the operating system lets go of its lock): the next process takes the file.
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    await start(env);
  });

  it("lets bots of the same process share the file, one after another or side by side", async () => {
    const path = join(dir, "shared.db");
    const a = new SqliteStore({ path });
    const b = new SqliteStore({ path });
    const releaseA = a.claimWriter();
    const releaseB = b.claimWriter();
    releaseA();
    releaseB();
    const again = a.claimWriter();
    again();
    await a.close();
    await b.close();
  });
});
