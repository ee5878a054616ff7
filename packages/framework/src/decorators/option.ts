import "reflect-metadata";
import { CommandOptionType, type CommandOptionTypeNumber } from "@chatbot/protocol";
import { META } from "../metadata-keys.js";

/** A choice offered to the person: the shown `name` and the `value` the handler gets. */
export interface Choice<T extends string | number> {
  readonly name: string;
  readonly value: T;
}

/** The rules every kind of option takes. */
export interface OptionRules {
  /** The option may be left out (the parameter is then `undefined`). Required options come first. */
  readonly optional?: boolean;
}

/** Rules of a string option. */
export interface StringOptionRules extends OptionRules {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Choices; plain strings are their own names. */
  readonly choices?: readonly (Choice<string> | string)[];
}

/** Rules of an integer or number option. */
export interface NumberOptionRules extends OptionRules {
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly Choice<number>[];
}

/** One `@Option` parameter, as recorded. */
export interface OptionSpec {
  /** The handler parameter it fills. */
  readonly index: number;
  readonly type: CommandOptionTypeNumber;
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minValue?: number;
  readonly maxValue?: number;
  readonly choices?: readonly Choice<string | number>[];
}

type Spec = Omit<OptionSpec, "index">;

function record(spec: Spec): ParameterDecorator {
  return (target, key, index) => {
    if (key === undefined) {
      throw new TypeError(
        `@Option "${spec.name}" on the constructor of ${target instanceof Function ? target.name : "a class"}: options go on the run() handler's parameters`,
      );
    }
    const list = (Reflect.getOwnMetadata(META.options, target, key) as OptionSpec[] | undefined) ?? [];
    Reflect.defineMetadata(META.options, [...list, { ...spec, index }], target, key);
  };
}

function plain(type: CommandOptionTypeNumber) {
  return (name: string, description: string, rules: OptionRules = {}): ParameterDecorator =>
    record({ type, name, description, required: rules.optional !== true });
}

function numeric(type: 4 | 10) {
  return (name: string, description: string, rules: NumberOptionRules = {}): ParameterDecorator =>
    record({
      type,
      name,
      description,
      required: rules.optional !== true,
      ...(rules.min !== undefined && { minValue: rules.min }),
      ...(rules.max !== undefined && { maxValue: rules.max }),
      ...(rules.choices && { choices: rules.choices }),
    });
}

/**
 * Declares a handler parameter as a command option, once: the registration JSON, the typed value
 * and the service's checks (choices, ranges, lengths) all come from it. User, channel and role
 * options arrive as their objects from the interaction's `resolved` maps.
 *
 * @example
 * async run(ctx: CommandContext, @Option.integer("sides", "Sides of the die", { min: 2, max: 100 }) sides: number) {}
 */
export const Option = {
  /** A text option (`string`). */
  string(name: string, description: string, rules: StringOptionRules = {}): ParameterDecorator {
    return record({
      type: CommandOptionType.String,
      name,
      description,
      required: rules.optional !== true,
      ...(rules.minLength !== undefined && { minLength: rules.minLength }),
      ...(rules.maxLength !== undefined && { maxLength: rules.maxLength }),
      ...(rules.choices && {
        choices: rules.choices.map((c) => (typeof c === "string" ? { name: c, value: c } : c)),
      }),
    });
  },
  /** A whole number option (`number`). */
  integer: numeric(CommandOptionType.Integer),
  /** A number option (`number`, fractions allowed). */
  number: numeric(CommandOptionType.Number),
  /** A true/false option (`boolean`). */
  boolean: plain(CommandOptionType.Boolean),
  /** A person (`User`, from `resolved.users`; `ctx.resolvedMember(id)` has their member data). */
  user: plain(CommandOptionType.User),
  /** A channel (`ResolvedChannel`: id, name, kind and the person's permissions there). */
  channel: plain(CommandOptionType.Channel),
  /** A role (`Role`). */
  role: plain(CommandOptionType.Role),
} as const;

/** The `@Option` parameters of `prototype[method]`, in parameter order. */
export function optionSpecsOf(prototype: object, method: string | symbol): OptionSpec[] {
  const list = (Reflect.getOwnMetadata(META.options, prototype, method) as OptionSpec[] | undefined) ?? [];
  return [...list].sort((a, b) => a.index - b.index);
}
