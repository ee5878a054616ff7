import { isIntent, isScope } from "@chatbot/protocol";
import { checkOptions } from "./check-options.js";
import { type Plugin, type PluginParts } from "./define-plugin.js";

/** A plugin of a bot with its options checked and its parts made. */
export interface ResolvedPlugin {
  readonly name: string;
  /** `plugin "mod-log"`, for messages. */
  readonly label: string;
  readonly parts: PluginParts;
}

/**
 * Checks a plugin's options against its Standard Schema and makes its parts: each problem (a bad option,
 * naming the plugin, the option and the rule; a `setup` that threw; a bad intent or scope) is added
 * to `problems`, and the plugin is then left out.
 */
export function resolvePlugin(plugin: Plugin, problems: string[]): ResolvedPlugin | null {
  const { definition } = plugin;
  const label = `plugin "${definition.name}"`;
  let options: unknown = plugin.options;
  if (definition.options !== undefined) {
    const checked = checkOptions(label, definition.options, plugin.options, problems);
    if (!checked.ok) return null;
    options = checked.value;
  }
  let made: PluginParts;
  try {
    made = definition.setup?.(options) ?? {};
  } catch (error) {
    problems.push(`${label}: setup() threw: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  const parts = joinParts(definition, made);
  const before = problems.length;
  for (const intent of parts.intents ?? []) {
    if (!isIntent(intent))
      problems.push(`${label}: intents: "${String(intent)}" is no intent of the service`);
  }
  for (const scope of parts.scopes ?? []) {
    if (!isScope(scope)) problems.push(`${label}: scopes: "${String(scope)}" is no install scope`);
  }
  for (const key of ["commands", "listeners", "services"] as const) {
    for (const target of parts[key] ?? []) {
      if (typeof target !== "function")
        problems.push(`${label}: ${key} must hold classes, got ${typeof target}`);
    }
  }
  return problems.length === before ? { name: definition.name, label, parts } : null;
}

/** The definition's fixed parts followed by those `setup` made. */
function joinParts(fixed: PluginParts, made: PluginParts): PluginParts {
  const join = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined): T[] => [
    ...(a ?? []),
    ...(b ?? []),
  ];
  return {
    commands: join(fixed.commands, made.commands),
    listeners: join(fixed.listeners, made.listeners),
    middleware: join(fixed.middleware, made.middleware),
    eventMiddleware: join(fixed.eventMiddleware, made.eventMiddleware),
    services: join(fixed.services, made.services),
    providers: join(fixed.providers, made.providers),
    exports: join(fixed.exports, made.exports),
    intents: join(fixed.intents, made.intents),
    scopes: join(fixed.scopes, made.scopes),
    messageContent: fixed.messageContent === true || made.messageContent === true,
  };
}
