import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { dev, devWorld, until } from "./dev-world.js";

const guide = readFileSync(new URL("../../../docs/sdk.md", import.meta.url), "utf8");

/** The `js` block of docs/sdk.md whose first line starts with `first`. */
function block(first: string): string {
  const blocks = [...guide.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const found = blocks.find((b) => b.startsWith(first));
  if (!found) throw new Error(`docs/sdk.md has no js block starting with ${first}`);
  return found;
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("docs/sdk.md", () => {
  it("the complete bot registers /roll and answers a person who uses it", async () => {
    const w = await devWorld();
    try {
      // Inside node_modules, so that the bot's imports resolve as after `npm install`.
      const cache = fileURLToPath(new URL("../../../node_modules/.cache/", import.meta.url));
      mkdirSync(cache, { recursive: true });
      const dir = mkdtempSync(join(cache, "sdk-bot-"));
      dirs.push(dir);
      const source = block('import { GatewayClient } from "@chatbot/gateway"');
      writeFileSync(join(dir, "bot.mjs"), source.replaceAll("http://127.0.0.1:8787", w.server.baseUrl));
      const bot = spawn(process.execPath, [join(dir, "bot.mjs")], {
        env: { ...process.env, BOT_TOKEN: w.token },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(bot);
      let out = "";
      bot.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
      bot.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => bot.once("exit", resolve));
      try {
        await until("the bot's ready line", () => /^ready as app_\d+ in \d+ ms$/m.test(out), 10_000);
        const used = await dev<{ id: string; state: string }>(
          w.server,
          "POST",
          `/channels/${w.channelId}/interactions`,
          { name: "roll", options: [{ name: "sides", value: 20 }] },
          w.adaId,
        );
        expect(used.state).toBe("delivered");
        let seen: { state: string; messages: Array<{ content: string; flags?: number }> } | null = null;
        for (let i = 0; i < 100 && seen?.state !== "answered"; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen = await dev(w.server, "GET", `/interactions/${used.id}`);
        }
        expect(seen?.state).toBe("answered");
        // Ada owns the server, so she may manage messages: the answer is for everyone.
        expect(seen!.messages).toHaveLength(1);
        expect(seen!.messages[0]!.content).toMatch(/^ada rolled ([1-9]|1\d|20) on a d20$/);
        expect(seen!.messages[0]!.flags ?? 0).toBe(0);
        bot.kill("SIGTERM");
        expect(await exited).toBe(0);
        expect(out).toMatch(/^stopped: closed by the client$/m);
      } catch (error) {
        throw new Error(`the bot printed: ${out}`, { cause: error });
      }
    } finally {
      await w.server.close();
    }
  });
});
