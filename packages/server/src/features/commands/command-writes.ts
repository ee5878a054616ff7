import { type CommandCreateBody, type CommandOption, type CommandPatchBody, LIMITS } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError } from "../../kernel/errors/api-error.js";
import type { CommandRecord } from "./command-record.js";
import { type CommandScope, commandIn, commandNamed, commandsIn } from "./command-scope.js";

/** Options as kept: `autocomplete` (only ever `false`, since `true` is refused) is dropped. */
function keptOptions(options: readonly CommandOption[] | undefined): CommandOption[] {
  return (options ?? []).map(
    (option) =>
      Object.fromEntries(Object.entries(option).filter(([key]) => key !== "autocomplete")) as CommandOption,
  );
}

function makeCommand(scope: CommandScope, id: string, input: CommandCreateBody): CommandRecord {
  return {
    id,
    application_id: scope.appId,
    guild_id: scope.guildId,
    name: input.name,
    description: input.description,
    options: keptOptions(input.options),
    default_member_permissions: input.default_member_permissions ?? null,
  };
}

/**
 * `PUT .../commands`: the scope's commands become exactly `inputs` (in that order). A command whose
 * name was already registered keeps its id; the commands left out are deleted.
 */
export function replaceCommands(
  core: Kernel,
  scope: CommandScope,
  inputs: readonly CommandCreateBody[],
): CommandRecord[] {
  return core.transact((tx) => {
    const byName = new Map(commandsIn(core, scope).map((c) => [c.name, c]));
    const kept = new Set<string>();
    const commands = inputs.map((input) => {
      const command = makeCommand(scope, byName.get(input.name)?.id ?? core.ids.next(), input);
      tx.put("commands", command);
      kept.add(command.id);
      return command;
    });
    for (const old of byName.values()) if (!kept.has(old.id)) tx.remove("commands", old.id);
    return commands;
  });
}

/** What {@link upsertCommand} did: `created` is false when a command of that name was replaced. */
export interface UpsertedCommand {
  readonly command: CommandRecord;
  readonly created: boolean;
}

/**
 * `POST .../commands`: creates the command, or replaces the definition of the one with the same
 * name (keeping its id). A scope holds at most 100 commands (`400` for the 101st).
 */
export function upsertCommand(core: Kernel, scope: CommandScope, input: CommandCreateBody): UpsertedCommand {
  return core.transact((tx) => {
    const existing = commandNamed(core, scope, input.name);
    if (!existing && commandsIn(core, scope).length >= LIMITS.commandsPerScope) {
      throw InvalidBodyError.at(
        "name",
        `this scope already holds ${LIMITS.commandsPerScope} commands, the most it may hold`,
      );
    }
    const command = makeCommand(scope, existing?.id ?? core.ids.next(), input);
    tx.put("commands", command);
    return { command, created: existing === undefined };
  });
}

/**
 * `PATCH .../commands/{id}`: changes the fields given (`name`, `description`, `options`,
 * `default_member_permissions`); the id stays. A new name must be free in the scope.
 */
export function patchCommand(
  core: Kernel,
  scope: CommandScope,
  commandId: string,
  input: CommandPatchBody,
): CommandRecord {
  return core.transact((tx) => {
    const before = commandIn(core, scope, commandId);
    if (input.name !== undefined && input.name !== before.name) {
      const taken = commandNamed(core, scope, input.name);
      if (taken) throw InvalidBodyError.at("name", `another command of this scope is named ${input.name}`);
    }
    const command: CommandRecord = {
      ...before,
      name: input.name ?? before.name,
      description: input.description ?? before.description,
      options: input.options ? keptOptions(input.options) : before.options,
      default_member_permissions:
        input.default_member_permissions === undefined
          ? before.default_member_permissions
          : input.default_member_permissions,
    };
    tx.put("commands", command);
    return command;
  });
}

/** `DELETE .../commands/{id}`. */
export function deleteCommand(core: Kernel, scope: CommandScope, commandId: string): void {
  core.transact((tx) => {
    const command = commandIn(core, scope, commandId);
    tx.remove("commands", command.id);
  });
}
