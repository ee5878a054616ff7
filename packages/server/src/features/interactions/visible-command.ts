import type { CommandRecord } from "../commands/command-record.js";
import { commandScopeKey } from "../commands/command-record.js";
import type { Kernel } from "../../kernel/kernel.js";
import { ConflictError, UnknownObjectError } from "../../kernel/errors/api-error.js";
import { effectiveScopes } from "../../kernel/permissions/effective.js";
import type { AppRecord, ChannelRecord, InstallRecord, UserRecord } from "../../kernel/world/records.js";

/** A command a person can use in a channel, with its app, the app's install and its bot account. */
export interface VisibleCommand {
  readonly command: CommandRecord;
  readonly app: AppRecord;
  readonly install: InstallRecord;
  readonly bot: UserRecord;
}

/**
 * Whether an app's commands show in `channel`: the app is switched on and installed in the server
 * with the `commands` scope, and its bot can see and post in the channel.
 */
export function appCommandsShowIn(
  core: Kernel,
  channel: ChannelRecord,
  install: InstallRecord,
): VisibleApp | null {
  const app = core.world.tables.apps.get(install.application_id);
  const bot = app && core.world.tables.users.get(app.bot_user_id);
  if (!app || !bot || !app.enabled) return null;
  if (!effectiveScopes(app, install).includes("commands")) return null;
  if (!core.engine.can(channel, bot.id, "send_messages")) return null;
  return { app, install, bot };
}

/** An app whose commands show in a channel. */
export interface VisibleApp {
  readonly app: AppRecord;
  readonly install: InstallRecord;
  readonly bot: UserRecord;
}

function named(core: Kernel, appId: string, guildId: string | null, name: string): CommandRecord | undefined {
  for (const command of core.world.tables.commands.by("scope", commandScopeKey(appId, guildId)).values()) {
    if (command.name === name) return command;
  }
  return undefined;
}

/**
 * The command `/name` as a person sees it in `channel`: among the apps whose commands show there, a
 * server command replaces the app's global command of the same name. `404 unknown_command` when none
 * has it; `409 conflict` when several apps do and `applicationId` does not say which.
 */
export function findVisibleCommand(
  core: Kernel,
  channel: ChannelRecord,
  name: string,
  applicationId: string | undefined,
): VisibleCommand {
  const found: VisibleCommand[] = [];
  for (const install of core.world.tables.installs.by("guild", channel.guild_id).values()) {
    if (applicationId !== undefined && install.application_id !== applicationId) continue;
    const visible = appCommandsShowIn(core, channel, install);
    if (!visible) continue;
    const command =
      named(core, visible.app.id, channel.guild_id, name) ?? named(core, visible.app.id, null, name);
    if (command) found.push({ ...visible, command });
  }
  if (found.length === 0) throw new UnknownObjectError("command");
  if (found.length > 1) {
    throw new ConflictError(`several apps have /${name} here; say which with application_id`);
  }
  return found[0]!;
}
