import type { CommandOption, InteractionDataOption } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import { ApiError } from "../../kernel/errors/api-error.js";
import type { ChannelRecord } from "../../kernel/world/records.js";
import { type ResolvedBuilder, resolveChannel, resolveRole, resolveUser } from "./resolved-maps.js";

/** An option as the person typed it: its name and a value (text, or a JSON number or boolean). */
export interface OptionInput {
  readonly name: string;
  readonly value: unknown;
}

/** `400 invalid_options`: nothing was sent to the app; `errors` names each bad option by path. */
export class InvalidOptionsError extends ApiError {
  constructor(readonly errors: Record<string, string[]>) {
    super(400, "invalid_options", `invalid options: ${Object.values(errors).flat().join("; ")}`, { errors });
  }
}

const INTEGER = /^[+-]?[0-9]+$/;
const SAFE = 2 ** 53;
const MAX_LENGTH = 6_000;

type Converted = { ok: true; value: string | number | boolean } | { ok: false; problem: string };

const fail = (problem: string): Converted => ({ ok: false, problem });

function asText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return null;
}

function asNumber(value: unknown, integer: boolean): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = value.trim();
  if (integer && !INTEGER.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** A choice's value for what the person gave: the value itself, or the choice's name. */
function pickChoice(option: CommandOption, value: string | number): Converted | null {
  if (!("choices" in option) || !option.choices || option.choices.length === 0) return null;
  const choices = option.choices as readonly { name: string; value: string | number }[];
  const hit = choices.find((c) => c.value === value) ?? choices.find((c) => c.name === String(value));
  if (hit) return { ok: true, value: hit.value };
  return fail(`must be one of the choices: ${choices.map((c) => JSON.stringify(c.value)).join(", ")}`);
}

function rangeProblem(option: CommandOption, number: number): string | null {
  const min = "min_value" in option ? option.min_value : undefined;
  const max = "max_value" in option ? option.max_value : undefined;
  if (min !== undefined && number < min) return `must be at least ${min}`;
  if (max !== undefined && number > max) return `must be at most ${max}`;
  return null;
}

function convertString(option: CommandOption & { type: 3 }, raw: unknown): Converted {
  const text = asText(raw);
  if (text === null) return fail("must be text");
  const choice = pickChoice(option, text);
  if (choice) return choice;
  const min = option.min_length ?? 0;
  const max = option.max_length ?? MAX_LENGTH;
  if (text.length < Math.max(min, 1)) return fail(`must be at least ${Math.max(min, 1)} characters`);
  if (text.length > max) return fail(`must be at most ${max} characters`);
  return { ok: true, value: text };
}

function convertNumber(option: CommandOption & { type: 4 | 10 }, raw: unknown): Converted {
  const integer = option.type === 4;
  const number = asNumber(raw, integer);
  if (number === null || (integer && !Number.isInteger(number))) {
    const byName = typeof raw === "string" ? pickChoice(option, raw) : null;
    if (byName?.ok) return byName;
    return fail(integer ? "must be an integer" : "must be a number");
  }
  if (integer && Math.abs(number) > SAFE) return fail(`must be from -${SAFE} to ${SAFE}`);
  const choice = pickChoice(option, number);
  if (choice) return choice;
  const problem = rangeProblem(option, number);
  return problem ? fail(problem) : { ok: true, value: number };
}

function convertBoolean(raw: unknown): Converted {
  if (typeof raw === "boolean") return { ok: true, value: raw };
  if (typeof raw === "string" && /^(true|false)$/i.test(raw.trim())) {
    return { ok: true, value: raw.trim().toLowerCase() === "true" };
  }
  return fail("must be true or false");
}

/** An id given as `123`, `<@123>`, `<@!123>`, `<#123>` or `<@&123>` (per `kind`). */
function idFrom(raw: unknown, kind: "user" | "channel" | "role"): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  const pattern = {
    user: /^<@!?([0-9]{1,20})>$/,
    channel: /^<#([0-9]{1,20})>$/,
    role: /^<@&([0-9]{1,20})>$/,
  }[kind];
  const id = pattern.exec(text)?.[1] ?? (/^[0-9]{1,20}$/.test(text) ? text : null);
  return id;
}

function convertOne(
  core: Kernel,
  channel: ChannelRecord,
  personId: string,
  option: CommandOption,
  raw: unknown,
  resolved: ResolvedBuilder,
): Converted {
  switch (option.type) {
    case 3:
      return convertString(option, raw);
    case 4:
    case 10:
      return convertNumber(option, raw);
    case 5:
      return convertBoolean(raw);
    case 6: {
      const id = idFrom(raw, "user");
      if (id === null || !resolveUser(core, channel, id, resolved))
        return fail("must be a member of this server");
      return { ok: true, value: id };
    }
    case 7: {
      const id = idFrom(raw, "channel");
      if (id === null || !resolveChannel(core, channel, personId, id, resolved)) {
        return fail("must be a channel of this server that you can see");
      }
      return { ok: true, value: id };
    }
    case 8: {
      const id = idFrom(raw, "role");
      if (id === null || !resolveRole(core, channel, id, resolved))
        return fail("must be a role of this server");
      return { ok: true, value: id };
    }
  }
}

/**
 * Validates and converts what a person typed against a command's options: every name known and
 * given once, every required option present, each value of its type (text typed for a number or a
 * boolean is converted; users, channels and roles by id or mention), within choices, lengths and
 * ranges. Users, channels and roles must exist in the server and be visible to the person; each one
 * goes into `resolved`. Options come out in the command's order. Throws {@link InvalidOptionsError}.
 */
export function convertOptions(
  core: Kernel,
  channel: ChannelRecord,
  personId: string,
  definitions: readonly CommandOption[],
  inputs: readonly OptionInput[],
  resolved: ResolvedBuilder,
): InteractionDataOption[] {
  const errors: Record<string, string[]> = {};
  const given = new Map<string, { index: number; value: unknown }>();
  inputs.forEach((input, index) => {
    if (!definitions.some((d) => d.name === input.name)) {
      errors[`options.${index}.name`] = [`the command has no option "${input.name}"`];
    } else if (given.has(input.name)) {
      errors[`options.${index}.name`] = [`"${input.name}" is given twice`];
    } else given.set(input.name, { index, value: input.value });
  });
  const out: InteractionDataOption[] = [];
  for (const option of definitions) {
    const input = given.get(option.name);
    if (!input) {
      if (option.required) {
        errors.options = [...(errors.options ?? []), `the required option "${option.name}" is missing`];
      }
      continue;
    }
    const converted = convertOne(core, channel, personId, option, input.value, resolved);
    if (!converted.ok) errors[`options.${input.index}.value`] = [converted.problem];
    else out.push({ name: option.name, type: option.type, value: converted.value } as InteractionDataOption);
  }
  if (Object.keys(errors).length > 0) throw new InvalidOptionsError(errors);
  return out;
}
