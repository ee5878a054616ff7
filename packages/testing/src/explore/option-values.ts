import type { OptionDraw } from "./actions.js";

/** A command option as the service lists it (`GET /v1/applications/{id}/commands`). */
export interface DeclaredOption {
  readonly type: number;
  readonly name: string;
  readonly required?: boolean;
  readonly min_length?: number;
  readonly max_length?: number;
  readonly min_value?: number;
  readonly max_value?: number;
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[];
}

/** A command as the service lists it. */
export interface DeclaredCommand {
  readonly name: string;
  readonly options?: readonly DeclaredOption[];
}

/** The longest string option the interface takes without a `max_length`. */
const STRING_LIMIT = 6_000;
/** The widest integer range the interface takes without bounds. */
const INTEGER_LIMIT = 2 ** 53 - 1;

/** Handles an option of a person, channel or role takes, by index. */
export interface OptionTargets {
  readonly people: readonly string[];
  readonly channels: readonly string[];
  readonly roles: readonly string[];
}

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

function stringValue(option: DeclaredOption, draw: OptionDraw): string {
  const min = option.min_length ?? 0;
  const max = option.max_length ?? STRING_LIMIT;
  switch (draw.kind) {
    case "empty":
      return "";
    case "longest":
    case "max":
      return "x".repeat(max);
    case "shortest":
    case "min":
      return "x".repeat(min);
    case "above":
      return "x".repeat(max + 1);
    case "below":
      return "x".repeat(Math.max(0, min - 1));
    case "unicode":
      return draw.text;
    case "any":
      return "word "
        .repeat(1 + (draw.n % 8))
        .trim()
        .slice(0, max);
    default:
      return "text";
  }
}

function numberValue(option: DeclaredOption, draw: OptionDraw, integer: boolean): number {
  const min = option.min_value ?? (integer ? -INTEGER_LIMIT : -1e9);
  const max = option.max_value ?? (integer ? INTEGER_LIMIT : 1e9);
  const step = integer ? 1 : 0.5;
  switch (draw.kind) {
    case "min":
    case "shortest":
      return min;
    case "max":
    case "longest":
      return max;
    case "below":
      return min - step;
    case "above":
      return max + step;
    case "empty":
      return 0;
    case "any": {
      const span = Math.min(max - min, 1_000);
      return min + (integer ? draw.n % (span + 1) : ((draw.n % 1_000) / 1_000) * span);
    }
    default:
      return Math.min(Math.max(0, min), max);
  }
}

/**
 * The value `draw` stands for in `option`, or undefined to leave it out (an optional one, or a
 * person, channel or role when the world has none). Values outside the declared limits are drawn
 * too: the service refuses them, and the bot never sees them.
 */
export function optionValue(
  option: DeclaredOption,
  draw: OptionDraw,
  targets: OptionTargets,
): string | number | boolean | undefined {
  if (draw.kind === "omit" && option.required !== true) return undefined;
  const n = draw.kind === "any" ? draw.n : 0;
  if (option.choices !== undefined && option.choices.length > 0 && draw.kind !== "above") {
    const index = draw.kind === "max" || draw.kind === "longest" ? option.choices.length - 1 : n;
    return pick(option.choices, index)!.value;
  }
  switch (option.type) {
    case 3:
      return stringValue(option, draw);
    case 4:
      return numberValue(option, draw, true);
    case 10:
      return numberValue(option, draw, false);
    case 5:
      return n % 2 === 0;
    case 6:
      return pick(targets.people, n);
    case 7:
      return pick(targets.channels, n);
    case 8:
      return pick(targets.roles, n);
    default:
      return pick([...targets.people, ...targets.roles], n);
  }
}

/** `what:''`, `sides:100`, `text:"xxx…" (200 characters)`: an option as a step's line shows it. */
export function showOption(name: string, value: unknown): string {
  if (typeof value === "string") {
    const shown =
      value.length > 24
        ? `${JSON.stringify(value.slice(0, 12))}… (${value.length} characters)`
        : JSON.stringify(value);
    return `${name}:${shown}`;
  }
  return `${name}:${String(value)}`;
}
