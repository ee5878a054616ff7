import "reflect-metadata";
import { injectable } from "tsyringe";
import { META } from "../metadata-keys.js";
import type { Middleware } from "../middleware/compose.js";
import type { CommandContext } from "../context/command-context.js";

/** How long a command's class instance lives. */
export type CommandScope = "singleton" | "interaction";

/** What `@Command` records about a command class. */
export interface CommandOptions {
  /** 1 to 32 characters: lowercase letters, digits, `-`, `_`. */
  readonly name: string;
  /** 1 to 100 characters. */
  readonly description: string;
  /** Register in these servers only (ids) instead of globally. */
  readonly guilds?: readonly string[];
  /**
   * `"singleton"` (default): one instance serves every use. `"interaction"`: a new instance per use,
   * resolved from a child container where the {@link CommandContext} is registered.
   */
  readonly scope?: CommandScope;
  /** Sent as `default_member_permissions` (the service does not enforce it). */
  readonly defaultMemberPermissions?: string;
  /**
   * Auto-defer for this command: `false` switches it off, `{ ephemeral: true }` makes the thinking
   * answer (and so the later reply) ephemeral, `afterMs` overrides the bot's margin.
   */
  readonly autoDefer?: false | { readonly afterMs?: number; readonly ephemeral?: boolean };
}

/** A class that `@Command` decorated: its instances have a `run(ctx, ...options)` handler. */
export type CommandClass = abstract new (...args: never[]) => {
  run(ctx: CommandContext, ...args: never[]): unknown;
};

/**
 * Marks a class as a slash command. The class's `run(ctx, ...options)` method handles each use; its
 * parameters decorated with `@Option.*` declare the command's options. The class is made injectable,
 * so its constructor receives services from the container.
 *
 * @example
 * @Command({ name: "ping", description: "Answers pong" })
 * export class Ping {
 *   async run(ctx: CommandContext) {
 *     await ctx.reply("pong");
 *   }
 * }
 */
export function Command(options: CommandOptions): ClassDecorator {
  return (target) => {
    if (typeof options !== "object" || options === null) {
      throw new TypeError(`@Command on ${target.name}: expected an options object { name, description }`);
    }
    Reflect.defineMetadata(META.command, { ...options }, target);
    injectable()(target as unknown as new (...args: unknown[]) => unknown);
  };
}

/** The `@Command` options of `target`, or undefined when it is not a command class. */
export function commandOptionsOf(target: object): CommandOptions | undefined {
  return Reflect.getOwnMetadata(META.command, target) as CommandOptions | undefined;
}

/** Re-exported for the middleware type of `@UseMiddleware` on commands. */
export type CommandMiddleware = Middleware<CommandContext>;
