import { createBot, defineBot, MemoryStore } from "@chatbot/framework";
import { explore } from "@chatbot/testing";
import { expect, it } from "vitest";
import { modLog } from "../src/index.js";

// Generated scenarios (see docs/simulation.md) on a bot made of the plugin alone: people join and
// leave, roles and channels are made, renamed and removed (the log's channel among them), the
// clock moves, the service fails, and the bot's process is killed and started again on the same
// store; the built-in invariants are checked after each step. One seed keeps `npm test` stable;
// CHATBOT_EXPLORE_SEED=random (or another number) and CHATBOT_EXPLORE_RUNS=200 look wider.
it("keeps its invariants through generated scenarios", async () => {
  const bot = defineBot({ plugins: [modLog({ channel: "mod-log" })] });
  const report = await explore({
    ...(process.env.CHATBOT_EXPLORE_SEED === undefined && { seed: 20261129 }),
    world: {
      people: { ada: { roles: ["mods"] }, bob: {} },
      roles: { mods: ["moderate_members", "kick_members", "ban_members"] },
      channels: { general: {}, "mod-log": {} },
      app: {
        intents: ["guilds", "guild_messages", "guild_moderation"],
        permissions: ["view_channels", "send_messages", "read_message_history", "view_audit_log"],
      },
    },
    store: () => new MemoryStore(),
    bot: (env) => createBot({ ...bot, ...env }),
  });
  expect(report.scenarios).toBeGreaterThan(0);
}, 240_000);
