import {
  Command,
  CommandContext,
  Option,
  requirePermissions,
  type User,
  UseMiddleware,
} from "@chatbot/framework";
import { WarningStore } from "../warning-store.js";

@Command({ name: "warnings", description: "Lists a member's warnings" })
@UseMiddleware(requirePermissions("moderate_members"))
export class Warnings {
  constructor(private readonly warnings: WarningStore) {}

  async run(ctx: CommandContext, @Option.user("member", "Whose warnings") member: User) {
    const list = this.warnings.of(ctx.guildId, member.id);
    const content =
      list.length === 0
        ? `<@${member.id}> has no warnings.`
        : `<@${member.id}> has ${list.length} warning(s):\n${list.map((w, i) => `${i + 1}. ${w.reason} (by <@${w.by}>)`).join("\n")}`;
    await ctx.reply({ content, ephemeral: true, allowed_mentions: { parse: [] } });
  }
}
