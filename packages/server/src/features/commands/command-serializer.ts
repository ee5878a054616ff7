import type { CommandOption, SlashCommand } from "@chatbot/protocol";
import type { CommandRecord } from "./command-record.js";

/** The command object of the command routes (`type` is always 1). */
export function serializeCommand(command: CommandRecord): SlashCommand {
  return {
    id: command.id,
    application_id: command.application_id,
    guild_id: command.guild_id,
    name: command.name,
    description: command.description,
    options: command.options.map(copyOption),
    type: 1,
    default_member_permissions: command.default_member_permissions,
  };
}

function copyOption(option: CommandOption): CommandOption {
  const copy = { ...option };
  if ("choices" in copy && copy.choices)
    return { ...copy, choices: copy.choices.map((c) => ({ ...c })) } as CommandOption;
  return copy;
}
