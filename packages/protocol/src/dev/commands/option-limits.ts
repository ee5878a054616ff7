import type { CommandOption } from "../../command-option/command-option.js";

/** Option type numbers of the interface, as a person reads them. */
const TYPE_NAMES: Readonly<Record<number, string>> = {
  3: "text",
  4: "integer",
  5: "true/false",
  6: "user",
  7: "channel",
  8: "role",
  10: "number",
};

/**
 * An option's type and limits in words (`integer, ≥ 1, ≤ 1440, required`): what the web console's
 * command form shows beside each option, and what `chatbot dev`'s prompt lists and explains a
 * refusal with.
 */
export function optionLimits(option: CommandOption): string {
  const parts: string[] = [TYPE_NAMES[option.type] ?? `type ${option.type}`];
  if (option.min_length !== undefined || option.max_length !== undefined)
    parts.push(`${option.min_length ?? 0}–${option.max_length ?? 6000} characters`);
  if (option.min_value !== undefined) parts.push(`≥ ${option.min_value}`);
  if (option.max_value !== undefined) parts.push(`≤ ${option.max_value}`);
  if (option.required) parts.push("required");
  return parts.join(", ");
}
