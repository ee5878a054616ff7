import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError, UnknownObjectError } from "../../kernel/errors/api-error.js";
import { compareIds, isSnowflake } from "../../kernel/ids.js";
import { requireScope, visibleInstall } from "../../kernel/visibility/access.js";
import type { BotActor } from "../../kernel/actors/actor.js";
import { type CommandRecord, commandScopeKey } from "./command-record.js";

/** The commands a route works on: the bot's app, and one server or none (global). */
export interface CommandScope {
  readonly appId: string;
  /** Null for the global commands. */
  readonly guildId: string | null;
}

/**
 * The scope a command route names. `application` is `@me` or the bot's own application id (another
 * id answers `404 unknown_application`). A server scope needs the app installed there with the
 * `commands` scope (`404 unknown_guild`, `403 missing_scope`).
 */
export function commandScopeFor(
  core: Kernel,
  bot: BotActor,
  application: string,
  guildId: string | null,
): CommandScope {
  if (application !== "@me" && application !== bot.app.id) {
    if (!isSnowflake(application)) {
      throw InvalidBodyError.at("application_id", "must be @me or the application's id");
    }
    throw new UnknownObjectError("application");
  }
  if (guildId !== null) {
    visibleInstall(core, bot, guildId);
    requireScope(core, bot, guildId, "commands");
  }
  return { appId: bot.app.id, guildId };
}

/** The commands of a scope, oldest first. */
export function commandsIn(core: Kernel, scope: CommandScope): CommandRecord[] {
  const rows = core.world.tables.commands.by("scope", commandScopeKey(scope.appId, scope.guildId));
  return [...rows.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** The command of a scope named `name`, if any. */
export function commandNamed(core: Kernel, scope: CommandScope, name: string): CommandRecord | undefined {
  const rows = core.world.tables.commands.by("scope", commandScopeKey(scope.appId, scope.guildId));
  for (const command of rows.values()) if (command.name === name) return command;
  return undefined;
}

/** One command of a scope; `404 unknown_command` when the id names none there. */
export function commandIn(core: Kernel, scope: CommandScope, commandId: string): CommandRecord {
  const command = core.world.tables.commands.get(commandId);
  if (!command || command.application_id !== scope.appId || command.guild_id !== scope.guildId) {
    throw new UnknownObjectError("command");
  }
  return command;
}
