import type { Intent, Scope } from "@chatbot/protocol";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { Provider } from "../definitions/provider.js";
import type { CommandContext } from "../context/command-context.js";
import type { EventContext } from "../context/event-context.js";
import type { ServiceToken } from "../context/resolve-from.js";
import type { Middleware } from "../middleware/compose.js";

type Class = abstract new (...args: never[]) => unknown;

/**
 * The schema of a plugin's options: any [Standard Schema](https://standardschema.dev) whose check is
 * synchronous, such as valibot's `v.strictObject(...)`, zod's `z.strictObject(...)` or ArkType's
 * `type({...})`.
 */
export type PluginOptionsSchema = StandardSchemaV1;

/** What a plugin adds to a bot. Every part is optional. */
export interface PluginParts {
  /** Classes decorated with `@Command`. */
  readonly commands?: readonly Class[];
  /** Classes with `@On`, `@Once` or `@OnSchedule` handlers. */
  readonly listeners?: readonly Class[];
  /** Middleware run before every command of the bot, after the bot's own. */
  readonly middleware?: readonly Middleware<CommandContext>[];
  /** Middleware run before every event handler of the bot, after the bot's own. */
  readonly eventMiddleware?: readonly Middleware<EventContext>[];
  /**
   * Service classes made once per bot in the plugin's own container (a `@singleton()` class its
   * commands and listeners ask for is made there without being listed).
   */
  readonly services?: readonly Class[];
  /** Values in the plugin's own container (its settings, made from its options). */
  readonly providers?: readonly Provider[];
  /**
   * The plugin's services the bot and other plugins may ask for (classes or provider tokens): made
   * in the plugin's container, once, and handed out by the bot's. The rest stay the plugin's own.
   */
  readonly exports?: readonly ServiceToken<unknown>[];
  /** Intents to ask for besides those its listeners need. */
  readonly intents?: readonly Intent[];
  /** Install scopes it needs: the bot warns about a server whose install does not grant one. */
  readonly scopes?: readonly Scope[];
  /** Ask for `message_content` (message text in events and reads). */
  readonly messageContent?: boolean;
}

/** A plugin's definition, for {@link definePlugin}. */
export interface PluginDefinition<O> extends PluginParts {
  /** Its name, in errors and logs: `mod-log`. */
  readonly name: string;
  /** The parts that depend on its options, made at the bot's start from the checked options. */
  readonly setup?: (options: O) => PluginParts;
}

/**
 * A plugin with its options, as a bot lists it in `plugins`. Its options are checked, and its
 * parts made, when the bot is made.
 */
export class Plugin {
  /** @internal */
  readonly definition: PluginDefinition<unknown> & { readonly options?: PluginOptionsSchema };

  /** @internal */
  constructor(
    definition: PluginDefinition<unknown> & { readonly options?: PluginOptionsSchema },
    /** The options as given, before they are checked. */
    readonly options: unknown,
  ) {
    this.definition = definition;
  }

  /** The plugin's name. */
  get name(): string {
    return this.definition.name;
  }
}

/**
 * Makes a plugin from its options: what `definePlugin` answers. Options whose every field may be
 * left out may be left out as a whole (they are then `{}`).
 */
export type PluginFactory<I> = undefined extends I
  ? (options?: I) => Plugin
  : object extends I
    ? (options?: I) => Plugin
    : (options: I) => Plugin;

/**
 * Defines a part of a bot that others add in one line: its commands, listeners and jobs,
 * middleware, services, the intents and scopes it needs, and its options, checked when the bot is
 * made with a schema of any Standard Schema library (valibot, zod, ArkType…): a bad option is a
 * `DefinitionError` naming the plugin, the option and the rule. Its services are made in a
 * container of its own, unless it `exports` them.
 *
 * @example
 * export const modLog = definePlugin({
 *   name: "mod-log",
 *   options: z.strictObject({ channel: z.string().min(1) }),
 *   setup: (options) => ({
 *     listeners: [AuditLogWatch],
 *     providers: [{ provide: ModLogSettings, useValue: new ModLogSettings(options.channel) }],
 *     exports: [ModLog],
 *   }),
 * });
 * // in a bot:
 * export default defineBot({ plugins: [modLog({ channel: "mod-log" })] });
 */
export function definePlugin<S extends PluginOptionsSchema>(
  definition: PluginDefinition<StandardSchemaV1.InferOutput<S>> & { readonly options: S },
): PluginFactory<StandardSchemaV1.InferInput<S>>;
export function definePlugin(definition: PluginDefinition<undefined>): () => Plugin;
export function definePlugin(
  definition: PluginDefinition<never> & { readonly options?: PluginOptionsSchema },
): (options?: unknown) => Plugin {
  const stored = definition as PluginDefinition<unknown> & { readonly options?: PluginOptionsSchema };
  return (options?: unknown) => new Plugin(stored, options === undefined && stored.options ? {} : options);
}
