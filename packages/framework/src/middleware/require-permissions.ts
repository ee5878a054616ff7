import { isPermissionName, type PermissionName } from "@chatbot/protocol";
import type { CommandContext } from "../context/command-context.js";
import type { Middleware } from "./compose.js";

function checked(factory: string, names: readonly string[]): PermissionName[] {
  if (names.length === 0) throw new TypeError(`${factory}() needs at least one permission name`);
  return names.map((name, i) => {
    if (typeof name !== "string" || !isPermissionName(name)) {
      throw new TypeError(
        `${factory}(): argument ${i} must be a permission name such as "manage_messages", got ${JSON.stringify(name)}`,
      );
    }
    return name;
  });
}

const list = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(", ");

/**
 * Lets the command run only when the person has every named permission in the channel (from the
 * interaction's `member.permissions`; `administrator` counts as all). Otherwise the person gets an
 * ephemeral answer naming what they lack, and the handler does not run.
 *
 * @example @UseMiddleware(requirePermissions("moderate_members"))
 */
export function requirePermissions(...names: PermissionName[]): Middleware<CommandContext> {
  const wanted = checked("requirePermissions", names);
  return async function requirePermissions(ctx, next) {
    const missing = ctx.memberPermissions.missing(wanted);
    if (missing.length === 0) return next();
    await ctx.reply({
      content: `You need the ${list(missing)} permission${missing.length > 1 ? "s" : ""} here to use /${ctx.commandName}.`,
      ephemeral: true,
    });
  };
}

/**
 * Lets the command run only when the bot has every named permission in the channel (the
 * interaction's `app_permissions`). Otherwise the person is told, ephemerally, what the bot lacks.
 */
export function requireBotPermissions(...names: PermissionName[]): Middleware<CommandContext> {
  const wanted = checked("requireBotPermissions", names);
  return async function requireBotPermissions(ctx, next) {
    const missing = ctx.appPermissions.missing(wanted);
    if (missing.length === 0) return next();
    await ctx.reply({
      content: `I need the ${list(missing)} permission${missing.length > 1 ? "s" : ""} in this channel for /${ctx.commandName}.`,
      ephemeral: true,
    });
  };
}
