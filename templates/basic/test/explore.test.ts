import { createBot, MemoryStore } from "@chatbot/framework";
import { explore } from "@chatbot/testing";
import { expect, it } from "vitest";
import bot from "../src/bot.js";

// Generated scenarios (see docs/simulation.md): people use /ping and /echo with drawn options, join
// and leave, the world changes, the clock moves, the service fails, and the bot's process is
// killed and started again on the same store; after every step the invariants are checked. A
// failure prints the shrunk steps and a token: `explore({ ..., replay: "explore1:…" })` runs them
// again. CHATBOT_EXPLORE_RUNS=200 runs more scenarios than the default 20.
it("keeps its invariants through generated scenarios", async () => {
  const report = await explore({
    world: { people: ["ada", "bob"], app: { privileged: true } },
    store: () => new MemoryStore(),
    bot: (env) => createBot({ ...bot, ...env }),
  });
  expect(report.scenarios).toBeGreaterThan(0);
}, 120_000);
