import "reflect-metadata";
import { type CommandCreateBody, CommandCreateBodySchema, LIMITS, validate } from "@chatbot/protocol";
import { type CommandOptions, commandOptionsOf } from "../decorators/command.js";
import { type OptionSpec, optionSpecsOf } from "../decorators/option.js";
import { middlewareOf } from "../decorators/use-middleware.js";
import type { CommandContext } from "../context/command-context.js";
import type { Middleware } from "../middleware/compose.js";

/** A command class read and checked: what to register, and how to call it. */
export interface CommandDefinition {
  /** The class (resolved from the container for each use). */
  readonly target: abstract new (...args: never[]) => unknown;
  readonly options: CommandOptions;
  /** The `@Option` parameters of `run`, in parameter order. */
  readonly params: readonly OptionSpec[];
  /** What fills each parameter of `run`: an option's name, or null for the context. */
  readonly slots: readonly (string | null)[];
  /** The registration body, exactly what the service receives. */
  readonly body: CommandCreateBody;
  /** The class's and `run`'s middleware, in that order. */
  readonly middleware: readonly Middleware<CommandContext>[];
}

/** Registration fields by the names `@Option` rules give them. */
const RULE_NAMES: Record<string, string> = {
  min_value: "min",
  max_value: "max",
  min_length: "minLength",
  max_length: "maxLength",
  required: "(required/optional)",
};

const PRIMITIVES: Partial<Record<number, { ctor: unknown; ts: string }>> = {
  3: { ctor: String, ts: "string" },
  4: { ctor: Number, ts: "number" },
  10: { ctor: Number, ts: "number" },
  5: { ctor: Boolean, ts: "boolean" },
};

/** The registration body of a command from its decorators (not yet checked). */
function bodyOf(options: CommandOptions, params: readonly OptionSpec[]): Record<string, unknown> {
  return {
    name: options.name,
    description: options.description,
    ...(params.length > 0 && {
      options: params.map((p) => ({
        type: p.type,
        name: p.name,
        description: p.description,
        required: p.required,
        ...(p.minLength !== undefined && { min_length: p.minLength }),
        ...(p.maxLength !== undefined && { max_length: p.maxLength }),
        ...(p.minValue !== undefined && { min_value: p.minValue }),
        ...(p.maxValue !== undefined && { max_value: p.maxValue }),
        ...(p.choices && { choices: p.choices.map((c) => ({ name: c.name, value: c.value })) }),
      })),
    }),
    ...(options.defaultMemberPermissions !== undefined && {
      default_member_permissions: options.defaultMemberPermissions,
    }),
  };
}

/** Where a validation path points, in the bot's own words: `Roll.run, option "sides"`. */
function where(className: string, params: readonly OptionSpec[], path: string): string {
  const match = /^options\.(\d+)(?:\.(.+))?$/.exec(path);
  if (!match) return path === "" ? `@Command on ${className}` : `@Command on ${className}: ${path}`;
  const param = params[Number(match[1])];
  const field = match[2] ? ` ${RULE_NAMES[match[2]] ?? match[2]}` : "";
  return `${className}.run parameter ${param?.index ?? "?"} (@Option "${param?.name ?? "?"}")${field}`;
}

/**
 * Reads a command class's decorators into a {@link CommandDefinition}, or adds to `problems` each
 * rule it breaks, naming the class and member: the interface's rules (names, descriptions, lengths,
 * 25 options or choices, required options first, ranges) and the framework's (a `run` method,
 * parameter types that match the options).
 */
export function readCommand(target: unknown, problems: string[]): CommandDefinition | null {
  if (typeof target !== "function") {
    problems.push(`commands must hold classes decorated with @Command, got ${typeof target}`);
    return null;
  }
  const className = target.name || "an anonymous class";
  const options = commandOptionsOf(target);
  if (!options) {
    problems.push(`${className} is listed as a command but has no @Command({ name, description })`);
    return null;
  }
  const proto = target.prototype as Record<string, unknown>;
  if (typeof proto.run !== "function") {
    problems.push(`${className}: a @Command class needs a run(ctx, ...options) method`);
    return null;
  }
  const params = optionSpecsOf(proto, "run");
  const before = problems.length;
  const types = (Reflect.getMetadata("design:paramtypes", proto, "run") as unknown[] | undefined) ?? [];
  params.forEach((p, i) => {
    const expected = PRIMITIVES[p.type];
    const actual = types[p.index];
    if (expected && actual !== undefined && actual !== Object && actual !== expected.ctor) {
      problems.push(
        `${where(className, params, `options.${i}`)}: the parameter's type must be ${expected.ts}, got ${(actual as { name?: string }).name ?? "another type"}`,
      );
    }
  });
  if (params.length > LIMITS.optionsPerCommand) {
    problems.push(
      `${className}.run: ${params.length} options; a command has at most ${LIMITS.optionsPerCommand}`,
    );
  }
  for (const guild of options.guilds ?? []) {
    if (typeof guild !== "string" || !/^\d{1,20}$/.test(guild)) {
      problems.push(
        `@Command on ${className}: guilds must hold server ids (strings of digits), got ${JSON.stringify(guild)}`,
      );
    }
  }
  const result = validate(CommandCreateBodySchema, bodyOf(options, params));
  if (!result.success) {
    for (const [path, messages] of Object.entries(result.errors)) {
      if (path === "options" && params.length > LIMITS.optionsPerCommand) continue;
      problems.push(`${where(className, params, path)}: ${messages.join("; ")}`);
    }
  }
  if (!result.success || problems.length > before) return null;
  const last = Math.max((proto.run as { length: number }).length - 1, ...params.map((p) => p.index));
  const slots = Array.from({ length: last + 1 }, (_, i) => params.find((p) => p.index === i)?.name ?? null);
  return {
    target: target as CommandDefinition["target"],
    options,
    params,
    slots,
    body: result.output,
    middleware: [...middlewareOf<CommandContext>(target), ...middlewareOf<CommandContext>(proto, "run")],
  };
}

/** The names registered in each scope: `"global"` or a server id. */
export function scopesOf(definition: CommandDefinition, devGuild: string | undefined): string[] {
  if (devGuild !== undefined) return [devGuild];
  return definition.options.guilds && definition.options.guilds.length > 0
    ? [...definition.options.guilds]
    : ["global"];
}

/**
 * Reads every command class; throws nothing, but lists, besides each class's own problems, a name
 * used twice in one scope and a scope with more than 100 commands.
 */
export function readCommands(
  targets: readonly unknown[],
  devGuild: string | undefined,
  problems: string[],
): CommandDefinition[] {
  const definitions = targets.map((t) => readCommand(t, problems)).filter((d) => d !== null);
  const byScope = new Map<string, Map<string, CommandDefinition>>();
  for (const d of definitions) {
    for (const scope of scopesOf(d, devGuild)) {
      const names = byScope.get(scope) ?? new Map<string, CommandDefinition>();
      const other = names.get(d.body.name);
      if (other) {
        problems.push(
          `${d.target.name} and ${other.target.name} both register /${d.body.name}${scope === "global" ? " globally" : ` in server ${scope}`}`,
        );
      }
      names.set(d.body.name, d);
      byScope.set(scope, names);
    }
  }
  for (const [scope, names] of byScope) {
    if (names.size > LIMITS.commandsPerScope) {
      problems.push(
        `${names.size} commands ${scope === "global" ? "globally" : `in server ${scope}`}; at most ${LIMITS.commandsPerScope} per scope`,
      );
    }
  }
  return definitions;
}
