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

/** Where {@link requireBotPermissions} checks: another channel than the command's. */
export interface BotPermissionsWhere {
  /**
   * The channel to check: the name of one of the command's channel options (`"channel"` for
   * `/modlog-setup channel:`), or a function of the context giving a channel id. When the option was
   * left out (or the function gives `undefined`), the command's own channel is checked.
   */
  readonly channel: string | ((ctx: CommandContext) => string | undefined);
}

function channelOf(ctx: CommandContext, where: BotPermissionsWhere): string | undefined {
  if (typeof where.channel === "function") return where.channel(ctx);
  const value = ctx.options[where.channel];
  if (value === undefined) return undefined;
  if (typeof value === "object" && "kind" in value) return value.id;
  throw new TypeError(
    `requireBotPermissions({ channel: ${JSON.stringify(where.channel)} }): option "${where.channel}" of /${ctx.commandName} is not a channel option`,
  );
}

/**
 * Lets the command run only when the bot has every named permission in the channel: the command's
 * own (the interaction's `app_permissions`), or another one named by `{ channel }`, answered from
 * the bot's world view with no call to the service (a `/modlog-setup channel:` that checks the bot
 * may post there). Otherwise the person is told, ephemerally, what the bot lacks and where.
 *
 * @example @UseMiddleware(requireBotPermissions("send_messages"))
 * @example @UseMiddleware(requireBotPermissions({ channel: "channel" }, "send_messages", "embed_links"))
 */
export function requireBotPermissions(...names: PermissionName[]): Middleware<CommandContext>;
export function requireBotPermissions(
  where: BotPermissionsWhere,
  ...names: PermissionName[]
): Middleware<CommandContext>;
export function requireBotPermissions(
  ...args: [BotPermissionsWhere | PermissionName, ...PermissionName[]] | PermissionName[]
): Middleware<CommandContext> {
  const first = args[0];
  const where = typeof first === "object" && first !== null ? first : null;
  if (where !== null && typeof where.channel !== "string" && typeof where.channel !== "function") {
    throw new TypeError(
      `requireBotPermissions(): channel must be a channel option's name or a function of the context, got ${JSON.stringify(where.channel)}`,
    );
  }
  const wanted = checked("requireBotPermissions", (where ? args.slice(1) : args) as string[]);
  const plural = (missing: readonly string[]) => (missing.length > 1 ? "s" : "");
  return async function requireBotPermissions(ctx, next) {
    const channelId = where ? channelOf(ctx, where) : undefined;
    if (channelId === undefined || channelId === ctx.channelId) {
      const missing = ctx.appPermissions.missing(wanted);
      if (missing.length === 0) return next();
      await ctx.reply({
        content: `I need the ${list(missing)} permission${plural(missing)} in this channel for /${ctx.commandName}.`,
        ephemeral: true,
      });
      return;
    }
    const channel = ctx.server?.channels.get(channelId);
    const missing = channel ? channel.missing(...wanted) : ["view_channels" as const];
    if (missing.length === 0) return next();
    await ctx.reply({
      content: `I need the ${list(missing)} permission${plural(missing)} in <#${channelId}> for /${ctx.commandName}.`,
      ephemeral: true,
    });
  };
}
