import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { bool, int, list, maxText, obj, rangedText } from "../shared/fields.js";
import { expected } from "../shared/messages.js";
import { CommandDescriptionSchema, CommandNameSchema } from "./command-name.js";
import { CommandOptionType, optionTypeMessage } from "./option-types.js";

/** The longest `min_length` / `max_length` of a string option. */
export const OPTION_LENGTH_MAX = 6_000;
/** The longest name of a choice, and the longest value of a string choice. */
export const CHOICE_TEXT_MAX = 100;
const SAFE = 2 ** 53;

const autocomplete = v.optional(
  v.literal(false, (issue) => (issue.input === true ? "autocomplete is unsupported" : "expected a boolean")),
);

const typeLiteral = <const T extends number>(type: T) =>
  v.literal(type, (issue) => optionTypeMessage(issue.input));

const common = {
  name: CommandNameSchema,
  description: CommandDescriptionSchema,
  required: v.optional(bool()),
  autocomplete,
};

const integer = v.pipe(
  int(),
  v.minValue(-SAFE, `must be at least -${SAFE}`),
  v.maxValue(SAFE, `must be at most ${SAFE}`),
);
const number = v.pipe(v.number(expected("a number")), v.finite("expected a finite number"));
const length = v.pipe(
  int(),
  v.minValue(0, "must be 0 or more"),
  v.maxValue(OPTION_LENGTH_MAX, `must be at most ${OPTION_LENGTH_MAX}`),
);

function choices<const S extends v.GenericSchema>(value: S) {
  const choice = obj({ name: rangedText(1, CHOICE_TEXT_MAX), value });
  return v.optional(list(choice, LIMITS.choicesPerOption, "choices"));
}

function notAllowed(kind: string) {
  return v.optional(v.never(`is not allowed on ${kind} options`));
}

const noLength = (kind: string) => ({ min_length: notAllowed(kind), max_length: notAllowed(kind) });
const noRange = (kind: string) => ({ min_value: notAllowed(kind), max_value: notAllowed(kind) });
const noChoices = (kind: string) => ({ choices: notAllowed(kind) });

const StringOptionSchema = obj({
  type: typeLiteral(CommandOptionType.String),
  ...common,
  min_length: v.optional(length),
  max_length: v.optional(length),
  choices: choices(maxText(CHOICE_TEXT_MAX)),
  ...noRange("string"),
});

function numericOption<const T extends 4 | 10, const S extends v.GenericSchema<unknown, number>>(
  type: T,
  kind: string,
  value: S,
) {
  return obj({
    type: typeLiteral(type),
    ...common,
    min_value: v.optional(value),
    max_value: v.optional(value),
    choices: choices(value),
    ...noLength(kind),
  });
}

function plainOption<const T extends 5 | 6 | 7 | 8>(type: T, kind: string) {
  return obj({ type: typeLiteral(type), ...common, ...noLength(kind), ...noRange(kind), ...noChoices(kind) });
}

/** Whether `low` is at most `high` where both are given. */
function ordered(low: number | undefined, high: number | undefined): boolean {
  return low === undefined || high === undefined || low <= high;
}

/**
 * An option of a slash command, by the interface's option table: 3 string (`min_length`,
 * `max_length` 0 to 6,000, string choices up to 100 characters), 4 integer and 10 number
 * (`min_value`, `max_value`, choices of that type), 5 boolean, 6 user, 7 channel, 8 role (no extra
 * field). Up to 25 choices `{ name (1 to 100), value }`; a minimum may not pass its maximum.
 * Subcommands (1, 2), mentionable (9), attachment (11) and `autocomplete: true` are unsupported.
 * Unknown keys (`name_localizations`, `channel_types`, ...) are dropped.
 */
export const CommandOptionSchema = v.pipe(
  v.variant(
    "type",
    [
      StringOptionSchema,
      numericOption(CommandOptionType.Integer, "integer", integer),
      numericOption(CommandOptionType.Number, "number", number),
      plainOption(CommandOptionType.Boolean, "boolean"),
      plainOption(CommandOptionType.User, "user"),
      plainOption(CommandOptionType.Channel, "channel"),
      plainOption(CommandOptionType.Role, "role"),
    ],
    (issue) => (issue.path ? optionTypeMessage(issue.input) : expected("an option object")(issue)),
  ),
  v.forward(
    v.partialCheck(
      [["min_length"], ["max_length"]],
      (option) => ordered(option.min_length, option.max_length),
      "must be at least min_length",
    ),
    ["max_length"],
  ),
  v.forward(
    v.partialCheck(
      [["min_value"], ["max_value"]],
      (option) => ordered(option.min_value, option.max_value),
      "must be at least min_value",
    ),
    ["max_value"],
  ),
);

/** A command option. */
export type CommandOption = v.InferOutput<typeof CommandOptionSchema>;

/** A command option as a client may write it (before unknown keys are dropped). */
export type CommandOptionInput = v.InferInput<typeof CommandOptionSchema>;
