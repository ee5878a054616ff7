import { createBot, defineBot, MemoryStore } from "@chatbot/framework";
import { explore } from "@chatbot/testing";
import { expect, it } from "vitest";
import { faq } from "../src/index.js";

// Generated scenarios (see docs/simulation.md) on a bot made of the plugin alone, as a bot that
// adds it would have it: people use /faq with drawn topics and ask `?topic` in messages, join and
// leave, the world changes, the clock moves, the service fails, and the bot's process is killed and
// started again on the same store; after every step the invariants are checked. A failure prints
// the shrunk steps and a token: `explore({ ..., replay: "explore1:…" })` runs them again.
// CHATBOT_EXPLORE_RUNS=200 runs more scenarios than the default 20.
it("keeps its invariants through generated scenarios", async () => {
  const bot = defineBot({ plugins: [faq({ answers: { rules: "Be kind.", hours: "Open 9 to 5." } })] });
  const report = await explore({
    store: () => new MemoryStore(),
    bot: (env) => createBot({ ...bot, ...env }),
    words: ["?rules", "?hours", "?pets"],
  });
  expect(report.scenarios).toBeGreaterThan(0);
}, 120_000);
