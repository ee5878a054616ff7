import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EXIT_CODES, GatewayClient, On, runBot } from "../src/index.js";
import { botFor, world } from "./support.js";

class Quiet {
  @On("MESSAGE_CREATE")
  seen() {}
}

const MAIN = fileURLToPath(new URL("./fixtures/main.mjs", import.meta.url));

/** Runs the fixture main with `env`; answers its exit code and what it printed on standard error. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** Standard error's lines, each parsed: a line that is not JSON (not the logger's) fails the test. */
function jsonLines(stderr: string): { level: number; msg: string }[] {
  return stderr
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as { level: number; msg: string };
      } catch {
        throw new Error(`not a line of the logger: ${line}`);
      }
    });
}

describe("a bot whose gateway stops for good", () => {
  for (const [closeCode, errorCode, exit] of [
    [4004, "authentication_failed", EXIT_CODES.authentication],
    [4013, "invalid_intents", EXIT_CODES.intents],
    [4001, "unknown_op", EXIT_CODES.protocol],
  ] as const) {
    it(`on ${closeCode}: logs it with its meaning, moves to stopped, and ends with the error`, async () => {
      const w = await world({ people: ["ada"] });
      const { bot, logger } = botFor(w, { listeners: [Quiet] });
      await bot.start();
      const ended = bot.ended().then(
        () => null,
        (error: unknown) => error as { code: string; closeCode: number },
      );
      await w.faults.closeGateway(closeCode);
      const error = await ended;
      expect(error).toMatchObject({ code: errorCode, closeCode });
      expect(bot.state).toBe("stopped");
      expect(bot.gateway.state).toBe("stopped");
      expect(logger.lines).toContainEqual({
        level: "error",
        message: expect.stringMatching(
          new RegExp(`^gateway stopped for good: the gateway closed with ${closeCode}`),
        ),
      });
    });

    it(`runBot exits ${exit} on ${closeCode}`, async () => {
      const w = await world({ people: ["ada"] });
      const { bot } = botFor(w, { listeners: [Quiet] });
      let exited: number | null = null;
      const running = runBot(bot, { exit: (code) => void (exited = code) });
      await expect.poll(() => bot.state).toBe("running");
      await w.faults.closeGateway(closeCode);
      expect(await running).toBe(exit);
      expect(exited).toBe(exit);
    });
  }

  it("ended() resolves after a stop", async () => {
    const w = await world({ people: ["ada"] });
    const { bot } = botFor(w, { listeners: [Quiet] });
    await bot.start();
    const ended = bot.ended();
    await bot.stop();
    await expect(ended).resolves.toBeUndefined();
    expect(bot.gateway).toBeInstanceOf(GatewayClient);
  });
});

describe("a bot's main run with plain node", () => {
  it("exits 3 with the reason when the token is refused", { timeout: 30_000 }, async () => {
    const w = await world({ people: ["ada"] });
    const { code, stderr } = await runMain({
      CHATBOT_TOKEN: "not-a-token",
      CHATBOT_BASE_URL: w.baseUrl,
      CHATBOT_GATEWAY_URL: w.gatewayUrl,
    });
    expect(code).toBe(EXIT_CODES.authentication);
    // The reason is a line of the bot's logger, as JSON as every other one.
    const logged = jsonLines(stderr);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 50, msg: expect.stringMatching(/401.*\(exit code 3\)$/) }),
    );
  });

  it("exits 0 after SIGTERM, having stopped gracefully", { timeout: 30_000 }, async () => {
    const w = await world({ people: ["ada"] });
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        CHATBOT_TOKEN: w.token,
        CHATBOT_BASE_URL: w.baseUrl,
        CHATBOT_GATEWAY_URL: w.gatewayUrl,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // A child process: starting Node and loading the bot takes seconds on a loaded machine.
    await w.app.connected({ timeoutMs: 15_000 });
    child.kill("SIGTERM");
    expect(await exited, stderr).toBe(EXIT_CODES.stopped);
    // The stop is logged, by the bot's logger: the signal, then how long the stop took.
    const messages = jsonLines(stderr).map((l) => l.msg);
    expect(messages).toContain("SIGTERM received: stopping");
    expect(messages.at(-1)).toMatch(/^stopped in \d+ ms after SIGTERM \(exit code 0\)$/);
    // It closed its connection before it exited: 1000, not a dropped socket's 1006.
    const [session] = await w.app.sessions();
    expect(session).toMatchObject({ close_code: 1000 });
  });
});
