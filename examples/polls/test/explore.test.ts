import { createBot, MemoryStore } from "@chatbot/framework";
import { explore } from "@chatbot/testing";
import { expect, it } from "vitest";
import bot from "../src/bot.js";

// Generated scenarios (see docs/simulation.md): people use the bot's commands with drawn options,
// say and react, the world changes, the clock moves, the service fails, and the bot's process is
// killed and started again on the same store; the built-in invariants are checked after each step.
// One seed keeps this repository's `npm test` stable; CHATBOT_EXPLORE_SEED=random (or another
// number) and CHATBOT_EXPLORE_RUNS=200 look wider.
it("keeps its invariants through generated scenarios", async () => {
  const report = await explore({
    ...(process.env.CHATBOT_EXPLORE_SEED === undefined && { seed: 20261129 }),
    store: () => new MemoryStore(),
    bot: (env) => createBot({ ...bot, ...env }),
  });
  expect(report.scenarios).toBeGreaterThan(0);
}, 240_000);

// What explore found here once (a poll opened where the bot may not add reactions: its message was
// posted and its closing scheduled, then the reactions were refused): replayed from its token.
it("refuses /poll where the bot may not add its reactions, before posting anything", async () => {
  const report = await explore({
    replay:
      "explore1:eyJzZWVkIjo5MTQ1NDI0MjIsInBhdGgiOiI5OjEzOjA6MDowOjE6Mzo1OjQ6NTo1OjU6NTo1Iiwic3RlcHMiOjIwLCJ3ZWlnaHRzIjp7InVzZSI6Niwic2F5IjozLCJyZWFjdCI6MSwiYW5zd2VyIjo0LCJ3b3JsZCI6MywiYXdheSI6MSwiY2xvY2siOjIsImZhdWx0IjoxLCJjcmFzaCI6Mn0sIndvcmRzIjpbXX0",
    store: () => new MemoryStore(),
    bot: (env) => createBot({ ...bot, ...env }),
  });
  expect(report.scenarios).toBeGreaterThan(0);
}, 60_000);
