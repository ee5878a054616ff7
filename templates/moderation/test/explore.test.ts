import { type Bot, createBot, MemoryStore } from "@chatbot/framework";
import { explore } from "@chatbot/testing";
import { expect, it } from "vitest";
import bot from "../src/bot.js";
import { WarningStore } from "../src/warning-store.js";

// Generated scenarios (see docs/simulation.md): people use /warn, /warnings and /setup with drawn
// options and answer its questions, join and leave, the world changes (channels, roles,
// permissions), the clock moves, the service fails, and the bot's process is killed and started
// again on the same store; after every step the invariants are checked, the built-in ones and this
// bot's own: a warning is kept once, never more than /warn was used. A failure prints the shrunk
// steps and a token: `explore({ ..., replay: "explore1:…" })` runs them again.
// CHATBOT_EXPLORE_RUNS=200 runs more scenarios than the default 20.
it("keeps its invariants, and each warning once, through generated scenarios", async () => {
  const report = await explore({
    world: {
      people: { ada: { roles: ["mods"] }, bob: {} },
      roles: { mods: ["manage_guild", "moderate_members", "kick_members", "ban_members"] },
      channels: { general: {}, "mod-log": {} },
      app: {
        intents: ["guilds", "guild_messages", "message_content", "guild_moderation"],
        permissions: ["view_channels", "send_messages", "read_message_history", "view_audit_log"],
      },
    },
    store: () => new MemoryStore(),
    bot: (env) => createBot({ ...bot, ...env }),
    words: ["yes", "no", "#mod-log", "@mods"],
    invariants: {
      "each warning kept once": ({ world, bot: running, uses }) => {
        const warned = uses.filter((use) => / uses \/warn /.test(use.line)).length;
        // The warnings this process keeps (in memory: a crash empties them).
        const warnings = (running as Bot).resolve(WarningStore);
        const kept = Object.values(world.people).reduce(
          (sum, person) => sum + warnings.of(world.server.id, person.id).length,
          0,
        );
        if (kept > warned) return `/warn used ${warned} time(s), ${kept} warning(s) kept`;
      },
    },
  });
  expect(report.scenarios).toBeGreaterThan(0);
}, 120_000);
