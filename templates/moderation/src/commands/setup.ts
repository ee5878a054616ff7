import {
  Command,
  CommandContext,
  defineConversation,
  requirePermissions,
  StateStore,
  UseMiddleware,
} from "@chatbot/framework";

/** What `/setup` asks for and keeps, per server, under `settings:<server id>` in the bot's store. */
export interface ModSettings {
  logChannel?: string;
  modRoles?: string[];
}

/**
 * The `/setup` wizard: the log channel, then the moderator roles, then a yes or no. It waits ten
 * minutes for each answer, in the bot's store, so a restart or a deploy in the middle keeps it.
 */
export const setupWizard = defineConversation<ModSettings, "logChannel" | "modRoles" | "confirm">({
  name: "setup",
  first: "logChannel",
  timeout: "10m",
  onTimeout: (c) => `<@${c.userId}> /setup waited 10 minutes for an answer: nothing was saved.`,
  onCancel: "Setup cancelled: nothing was saved.",
  steps: {
    logChannel: {
      ask: "Which channel should moderation be logged to? Mention it (like #mod-log), or say cancel.",
      answer: (message, c) => {
        const channel = /<#(\d+)>/.exec(message.content)?.[1];
        if (!channel) return c.again("That is not a channel: mention one, like #mod-log.");
        return c.next("modRoles", { logChannel: channel });
      },
    },
    modRoles: {
      ask: "Which roles are moderators? Mention them (like @mods).",
      answer: (message, c) => {
        const roles = [...message.content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]!);
        if (roles.length === 0) return c.again("Mention at least one role, like @mods.");
        return c.next("confirm", { modRoles: roles });
      },
    },
    confirm: {
      ask: (c) =>
        `Log to <#${c.data.logChannel}>, moderators ${(c.data.modRoles ?? []).map((r) => `<@&${r}>`).join(" ")}. Save? (yes or no)`,
      matching: /^\s*(yes|no)\s*$/i,
      answer: async (message, c) => {
        if (message.content.trim().toLowerCase() === "no") return c.end("Nothing was saved.");
        const settings: ModSettings = { logChannel: c.data.logChannel!, modRoles: c.data.modRoles ?? [] };
        await c.resolve(StateStore).set(`settings:${c.guildId}`, settings);
        return c.end("Saved.");
      },
    },
  },
});

@Command({ name: "setup", description: "Sets up moderation, one question at a time" })
@UseMiddleware(requirePermissions("manage_guild"))
export class Setup {
  async run(ctx: CommandContext) {
    await setupWizard.start(ctx);
  }
}
