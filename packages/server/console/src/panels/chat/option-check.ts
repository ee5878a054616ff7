import type { CommandOption } from "../../api";

/** Checks one value as the service would, before sending; returns the problem or null. */
export function checkOption(option: CommandOption, raw: string | boolean | undefined): string | null {
  if (raw === undefined || raw === "") return option.required ? "is required" : null;
  if (option.type === 5) return null;
  const text = String(raw);
  if (option.type === 4 || option.type === 10) {
    const value = Number(text);
    if (!Number.isFinite(value)) return "must be a number";
    if (option.type === 4 && !Number.isInteger(value)) return "must be a whole number";
    if (option.min_value !== undefined && value < option.min_value)
      return `must be at least ${option.min_value}`;
    if (option.max_value !== undefined && value > option.max_value)
      return `must be at most ${option.max_value}`;
  }
  if (option.type === 3) {
    if (option.min_length !== undefined && text.length < option.min_length)
      return `must be at least ${option.min_length} characters`;
    if (option.max_length !== undefined && text.length > option.max_length)
      return `must be at most ${option.max_length} characters`;
  }
  if (option.choices && option.choices.length > 0 && !option.choices.some((c) => String(c.value) === text))
    return "must be one of the choices";
  return null;
}

/** A value as the form holds it, as the option's type sends it. */
export function valueOf(option: CommandOption, raw: string | boolean): unknown {
  if (option.type === 5) return raw === true;
  if (option.type === 4 || option.type === 10) return Number(raw);
  return raw;
}
