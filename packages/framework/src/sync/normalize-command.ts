import type { CommandCreateBody, SlashCommand } from "@chatbot/protocol";

/** A command reduced to what decides whether two registrations differ. */
export interface NormalizedCommand {
  readonly name: string;
  readonly description: string;
  readonly options: readonly Record<string, unknown>[];
  readonly default_member_permissions: string | null;
}

const OPTION_KEYS = [
  "type",
  "name",
  "description",
  "required",
  "min_length",
  "max_length",
  "min_value",
  "max_value",
  "choices",
] as const;

/**
 * Normalizes a wanted body or a registered command: what the service fills in (ids, `type: 1`,
 * `required: false`, absent limits) is made equal on both sides, keys are put in one order.
 */
export function normalizeCommand(command: CommandCreateBody | SlashCommand): NormalizedCommand {
  return {
    name: command.name,
    description: command.description,
    options: (command.options ?? []).map((option) => {
      const source = option as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const key of OPTION_KEYS) {
        const value = key === "required" ? source[key] === true : source[key];
        if (value === undefined || value === null) continue;
        if (key === "choices" && Array.isArray(value) && value.length === 0) continue;
        out[key] =
          key === "choices"
            ? (value as { name: string; value: unknown }[]).map((c) => ({ name: c.name, value: c.value }))
            : value;
      }
      return out;
    }),
    default_member_permissions: command.default_member_permissions ?? null,
  };
}

/** The fields in which `registered` differs from `wanted` (`description`, `options.sides.max_value`). */
export function changedFields(wanted: NormalizedCommand, registered: NormalizedCommand): string[] {
  const fields: string[] = [];
  if (wanted.description !== registered.description) fields.push("description");
  if (wanted.default_member_permissions !== registered.default_member_permissions) {
    fields.push("default_member_permissions");
  }
  const names = (c: NormalizedCommand) => c.options.map((o) => o.name).join(",");
  if (names(wanted) !== names(registered)) {
    fields.push("options");
    return fields;
  }
  wanted.options.forEach((option, i) => {
    const other = registered.options[i]!;
    for (const key of OPTION_KEYS) {
      if (JSON.stringify(option[key]) !== JSON.stringify(other[key]))
        fields.push(`options.${String(option.name)}.${key}`);
    }
  });
  return fields;
}
