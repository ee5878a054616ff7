import type { Kernel } from "../../kernel/kernel.js";
import { installOf } from "../../kernel/visibility/access.js";
import type { BotActor } from "../../kernel/actors/actor.js";
import { effectiveScopes } from "../../kernel/permissions/effective.js";
import type { MessageViewer } from "./message-serializer.js";

/** A bot as a message viewer: text with the install's `message_content` scope. */
export function botViewer(core: Kernel, bot: BotActor, guildId: string): MessageViewer {
  const install = installOf(core, bot, guildId);
  return {
    userId: bot.user.id,
    contentAccess: install !== undefined && effectiveScopes(bot.app, install).includes("message_content"),
  };
}
