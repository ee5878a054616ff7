import { CommandCreateBodySchema, CommandListBodySchema, CommandPatchBodySchema } from "@chatbot/protocol";
import { type CommandScope, commandIn, commandScopeFor, commandsIn } from "./command-scope.js";
import { deleteCommand, patchCommand, replaceCommands, upsertCommand } from "./command-writes.js";
import { json, NO_CONTENT } from "../../http/reply.js";
import { type BotContext, type BotRoute, botRoute, type RouteBucket } from "../../http/route.js";
import { serializeCommand } from "./command-serializer.js";

/** Command writes count against 200 per day per scope (`command_writes:<guild id or global>`). */
const writes = (param: (name: string) => string): RouteBucket => ({
  rule: "commandWritesPerScope",
  name: `command_writes:${param("guild_id") || "global"}`,
});

function routesUnder(prefix: string, guildScoped: boolean): BotRoute[] {
  const scope = ({ core, bot, param }: BotContext<unknown, unknown>): CommandScope =>
    commandScopeFor(core, bot, param("application"), guildScoped ? param("guild_id") : null);
  return [
    botRoute({
      method: "GET",
      path: `${prefix}/commands`,
      handle: (ctx) => json(commandsIn(ctx.core, scope(ctx)).map(serializeCommand)),
    }),
    botRoute({
      method: "PUT",
      path: `${prefix}/commands`,
      body: CommandListBodySchema,
      bucket: writes,
      handle: (ctx) => json(replaceCommands(ctx.core, scope(ctx), ctx.body).map(serializeCommand)),
    }),
    botRoute({
      method: "POST",
      path: `${prefix}/commands`,
      body: CommandCreateBodySchema,
      bucket: writes,
      handle: (ctx) => {
        const { command, created } = upsertCommand(ctx.core, scope(ctx), ctx.body);
        return json(serializeCommand(command), created ? 201 : 200);
      },
    }),
    botRoute({
      method: "GET",
      path: `${prefix}/commands/:command_id`,
      handle: (ctx) => json(serializeCommand(commandIn(ctx.core, scope(ctx), ctx.param("command_id")))),
    }),
    botRoute({
      method: "PATCH",
      path: `${prefix}/commands/:command_id`,
      body: CommandPatchBodySchema,
      bucket: writes,
      handle: (ctx) =>
        json(serializeCommand(patchCommand(ctx.core, scope(ctx), ctx.param("command_id"), ctx.body))),
    }),
    botRoute({
      method: "DELETE",
      path: `${prefix}/commands/:command_id`,
      bucket: writes,
      handle: (ctx) => {
        deleteCommand(ctx.core, scope(ctx), ctx.param("command_id"));
        return NO_CONTENT;
      },
    }),
  ];
}

/**
 * `/v1` routes of the section "Slash commands": global commands under
 * `/v1/applications/{@me or application id}/commands`, and one server's under
 * `.../guilds/{guild_id}/commands`.
 */
export const commandRoutes: BotRoute[] = [
  ...routesUnder("/v1/applications/:application", false),
  ...routesUnder("/v1/applications/:application/guilds/:guild_id", true),
];
