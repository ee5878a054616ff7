import type { ServerCore } from "../../core/server-core.js";
import { installOf } from "../../ops/access.js";
import type { BotActor } from "../../ops/actor.js";
import { effectiveScopes } from "../../ops/effective.js";
import type { MessageViewer } from "../../serialize/message.js";

/** A bot as a message viewer: text with the install's `message_content` scope. */
export function botViewer(core: ServerCore, bot: BotActor, guildId: string): MessageViewer {
  const install = installOf(core, bot, guildId);
  return {
    userId: bot.user.id,
    contentAccess: install !== undefined && effectiveScopes(bot.app, install).includes("message_content"),
  };
}
