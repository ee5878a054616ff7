import {
  Command,
  CommandContext,
  Option,
  requirePermissions,
  type User,
  UseMiddleware,
} from "@chatbot/framework";
import { ModLog } from "@chatbot/plugin-mod-log";
import { WarningStore } from "../warning-store.js";

@Command({ name: "warn", description: "Warns a member" })
@UseMiddleware(requirePermissions("moderate_members"))
export class Warn {
  constructor(
    private readonly warnings: WarningStore,
    private readonly log: ModLog,
  ) {}

  async run(
    ctx: CommandContext,
    @Option.user("member", "Who to warn") member: User,
    @Option.string("reason", "Why", { maxLength: 200 }) reason: string,
  ) {
    const guildId = ctx.guildId;
    const count = this.warnings.add(guildId, member.id, { by: ctx.user.id, reason });
    await ctx.reply({ content: `Warned <@${member.id}> (${count} so far).`, ephemeral: true });
    await this.log.post(guildId, `⚠️ <@${ctx.user.id}> warned <@${member.id}>: ${reason}`);
  }
}
