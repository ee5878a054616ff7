/** The option types of the interface's option table, by name. */
export const CommandOptionType = {
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Number: 10,
} as const;

/** A supported option type number. */
export type CommandOptionTypeNumber = (typeof CommandOptionType)[keyof typeof CommandOptionType];

/** Option types of the widely used platform that the service refuses, with their names. */
export const UNSUPPORTED_OPTION_TYPES: Readonly<Record<number, string>> = {
  1: "subcommand",
  2: "subcommand group",
  9: "mentionable",
  11: "attachment",
};

/** The message for an option `type` that is not a supported option type. */
export function optionTypeMessage(type: unknown): string {
  if (type === undefined) return "is required";
  const unsupported = typeof type === "number" ? UNSUPPORTED_OPTION_TYPES[type] : undefined;
  if (unsupported) return `type ${type} (${unsupported}) is unsupported`;
  return "must be an option type: 3 string, 4 integer, 5 boolean, 6 user, 7 channel, 8 role or 10 number";
}
