import {
  CommandCreateBodySchema,
  CommandListBodySchema,
  CommandPatchBodySchema,
  type SlashCommand,
} from "@chatbot/protocol";
import type { InferInput } from "valibot";
import type { RequestOptions } from "../request/request-options.js";
import type { Requester } from "../request/requester.js";
import type { HttpMethod } from "../request/route-call.js";
import { checkArgs, checkBody } from "./checks.js";

/** A command as the caller writes it for `POST` and `PUT`. */
export type CommandInput = InferInput<typeof CommandCreateBodySchema>;
/** Changes to a command for `PATCH`. */
export type CommandPatchInput = InferInput<typeof CommandPatchBodySchema>;

/** The command routes of a {@link RestClient}, both scopes. */
export interface CommandRoutes {
  /** `PUT /v1/applications/@me/commands`: replaces every global command. */
  setGlobalCommands(commands: readonly CommandInput[], options?: RequestOptions): Promise<SlashCommand[]>;
  /** `POST /v1/applications/@me/commands`: creates or updates (same name) a global command. */
  createGlobalCommand(command: CommandInput, options?: RequestOptions): Promise<SlashCommand>;
  /** `GET /v1/applications/@me/commands`. */
  getGlobalCommands(options?: RequestOptions): Promise<SlashCommand[]>;
  /** `GET /v1/applications/@me/commands/{id}`. */
  getGlobalCommand(commandId: string, options?: RequestOptions): Promise<SlashCommand>;
  /** `PATCH /v1/applications/@me/commands/{id}`. */
  editGlobalCommand(
    commandId: string,
    changes: CommandPatchInput,
    options?: RequestOptions,
  ): Promise<SlashCommand>;
  /** `DELETE /v1/applications/@me/commands/{id}`. */
  deleteGlobalCommand(commandId: string, options?: RequestOptions): Promise<void>;
  /** `PUT /v1/applications/@me/guilds/{guild_id}/commands`: replaces every command of one server. */
  setGuildCommands(
    guildId: string,
    commands: readonly CommandInput[],
    options?: RequestOptions,
  ): Promise<SlashCommand[]>;
  /** `POST /v1/applications/@me/guilds/{guild_id}/commands`: creates or updates a server command. */
  createGuildCommand(guildId: string, command: CommandInput, options?: RequestOptions): Promise<SlashCommand>;
  /** `GET /v1/applications/@me/guilds/{guild_id}/commands`. */
  getGuildCommands(guildId: string, options?: RequestOptions): Promise<SlashCommand[]>;
  /** `GET /v1/applications/@me/guilds/{guild_id}/commands/{id}`. */
  getGuildCommand(guildId: string, commandId: string, options?: RequestOptions): Promise<SlashCommand>;
  /** `PATCH /v1/applications/@me/guilds/{guild_id}/commands/{id}`. */
  editGuildCommand(
    guildId: string,
    commandId: string,
    changes: CommandPatchInput,
    options?: RequestOptions,
  ): Promise<SlashCommand>;
  /** `DELETE /v1/applications/@me/guilds/{guild_id}/commands/{id}`. */
  deleteGuildCommand(guildId: string, commandId: string, options?: RequestOptions): Promise<void>;
}

/** Builds the {@link CommandRoutes} over `requester`. */
export function commandRoutes(requester: Requester): CommandRoutes {
  const scoped = (guildId: string | null) => {
    const checks = checkArgs();
    if (guildId !== null) checks.id("guildId", guildId);
    checks.done();
    const prefix =
      guildId === null ? "/applications/@me/commands" : `/applications/@me/guilds/${guildId}/commands`;
    const bucket = `command_writes:${guildId ?? "global"}`;
    const call = async <T>(
      method: HttpMethod,
      commandId: string | null,
      body: unknown,
      options: RequestOptions | undefined,
    ): Promise<T> => {
      if (commandId !== null) checkArgs().id("commandId", commandId).done();
      const path = commandId === null ? prefix : `${prefix}/${commandId}`;
      const read = method === "GET";
      const result = await requester.request<T>({
        method,
        path,
        body,
        // PUT replaces the whole list: sending it twice ends in the same state.
        retry: read || method === "PUT",
        ...(read ? {} : { bucket }),
        options,
      });
      return result.data;
    };
    return {
      set: async (commands: readonly CommandInput[], options?: RequestOptions) =>
        call<SlashCommand[]>("PUT", null, checkBody(CommandListBodySchema, commands), options),
      create: async (command: CommandInput, options?: RequestOptions) =>
        call<SlashCommand>("POST", null, checkBody(CommandCreateBodySchema, command), options),
      list: (options?: RequestOptions) => call<SlashCommand[]>("GET", null, undefined, options),
      get: (commandId: string, options?: RequestOptions) =>
        call<SlashCommand>("GET", commandId, undefined, options),
      edit: async (commandId: string, changes: CommandPatchInput, options?: RequestOptions) =>
        call<SlashCommand>("PATCH", commandId, checkBody(CommandPatchBodySchema, changes), options),
      delete: async (commandId: string, options?: RequestOptions) => {
        await call<undefined>("DELETE", commandId, undefined, options);
      },
    };
  };
  return {
    setGlobalCommands: async (commands, options) => scoped(null).set(commands, options),
    createGlobalCommand: async (command, options) => scoped(null).create(command, options),
    getGlobalCommands: async (options) => scoped(null).list(options),
    getGlobalCommand: async (commandId, options) => scoped(null).get(commandId, options),
    editGlobalCommand: async (commandId, changes, options) => scoped(null).edit(commandId, changes, options),
    deleteGlobalCommand: async (commandId, options) => scoped(null).delete(commandId, options),
    setGuildCommands: async (guildId, commands, options) => scoped(guildId).set(commands, options),
    createGuildCommand: async (guildId, command, options) => scoped(guildId).create(command, options),
    getGuildCommands: async (guildId, options) => scoped(guildId).list(options),
    getGuildCommand: async (guildId, commandId, options) => scoped(guildId).get(commandId, options),
    editGuildCommand: async (guildId, commandId, changes, options) =>
      scoped(guildId).edit(commandId, changes, options),
    deleteGuildCommand: async (guildId, commandId, options) => scoped(guildId).delete(commandId, options),
  };
}
