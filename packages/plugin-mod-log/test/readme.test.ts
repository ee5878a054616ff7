import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BotDefinition, createBot, intentsOfBot } from "@chatbot/framework";
import { afterAll, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
// Inside the package, so that the block's imports resolve as they do in a bot that installed it.
const scratch = mkdtempSync(join(packageDir, ".readme-run-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("README.md's block is a bot module with the plugin, as written", async () => {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const block = /```ts\n\/\/ src\/bot\.ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeDefined();
  writeFileSync(join(scratch, "bot.ts"), block!);
  const bot = ((await import(join(scratch, "bot.ts"))) as { default: BotDefinition }).default;
  expect(intentsOfBot(bot)).toEqual(["guild_expressions", "guild_moderation", "guilds"]);
  const made = createBot({ ...bot, token: "t", baseUrl: "http://127.0.0.1:1", logger: "silent" });
  expect(made.intents).toEqual(["guild_expressions", "guild_moderation", "guilds"]);
});
