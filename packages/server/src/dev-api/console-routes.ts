import { bitsToPermissions, SnowflakeSchema } from "@chatbot/protocol";
import * as v from "valibot";
import { ApiError } from "../kernel/errors/api-error.js";
import { json } from "../http/reply.js";
import { type DevRoute, devRoute } from "../http/route.js";
import { commandPlace } from "../features/interactions/command-user.js";
import { appCommandsShowIn } from "../features/interactions/visible-command.js";
import { serializeCommand } from "../features/commands/command-serializer.js";
import { intQuery } from "../http/query-schemas.js";

/** `?app_id=&after=&limit=` of `GET /dev/v1/inspector`. */
const InspectorQuerySchema = v.object({
  app_id: v.optional(SnowflakeSchema),
  after: v.optional(
    v.pipe(
      v.string("expected a single value"),
      v.regex(/^[0-9]{1,15}$/, "must be a whole number (a record's seq)"),
      v.transform(Number),
    ),
  ),
  limit: v.optional(intQuery(1, 2000), "200"),
});

const byPosition = (a: { position: number; id: string }, b: { position: number; id: string }) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Dev routes the console stands on (anyone may use them, like the rest of the dev API): what a person
 * sees (servers, channels, the commands they can use in one), and the inspector.
 */
export const devConsoleRoutes: DevRoute[] = [
  devRoute({
    method: "GET",
    path: "/dev/v1/users/@me/guilds",
    handle: ({ core, actor }) => {
      const person = actor();
      const { tables } = core.world;
      const out = [];
      for (const member of tables.members.by("user", person.user.id).values()) {
        const guild = tables.guilds.get(member.guild_id);
        if (!guild) continue;
        const channels = [...tables.channels.by("guild", guild.id).values()]
          .filter((channel) => core.engine.canView(channel, person.user.id))
          .sort(byPosition)
          .map((channel) => ({
            id: channel.id,
            name: channel.name,
            kind: channel.kind,
            topic: channel.topic,
            category_id: channel.category_id,
            position: channel.position,
            slowmode_seconds: channel.slowmode_seconds,
            permissions: bitsToPermissions(core.engine.channelBits(channel, person.user.id)),
          }));
        const categories = [...tables.categories.by("guild", guild.id).values()]
          .sort(byPosition)
          .map((category) => ({ id: category.id, name: category.name, position: category.position }));
        out.push({
          id: guild.id,
          name: guild.name,
          owner_id: guild.owner_id,
          permissions: core.engine.guildPermissionNames(guild, person.user.id),
          categories,
          channels,
        });
      }
      out.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
      return json(out);
    },
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/channels/:channel_id/commands",
    handle: ({ core, actor, param }) => {
      const person = actor();
      const place = commandPlace(core, person, param("channel_id"));
      const out = [];
      for (const install of core.world.tables.installs.by("guild", place.guild.id).values()) {
        const visible = appCommandsShowIn(core, place.channel, install);
        if (!visible) continue;
        const commands = new Map<string, ReturnType<typeof serializeCommand>>();
        for (const scope of [null, place.guild.id]) {
          // A server command replaces the app's global command of the same name.
          for (const command of core.world.tables.commands.by("app", visible.app.id).values()) {
            if (command.guild_id === scope) commands.set(command.name, serializeCommand(command));
          }
        }
        for (const command of commands.values()) {
          out.push({ ...command, app_name: visible.app.name });
        }
      }
      out.sort((a, b) => a.name.localeCompare(b.name) || a.app_name.localeCompare(b.app_name));
      return json(out);
    },
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/inspector",
    query: InspectorQuerySchema,
    handle: ({ runtime, query }) => {
      const inspector = runtime.inspector;
      if (!inspector)
        throw new ApiError(404, "inspector_off", "this server was started with the inspector off");
      const records =
        query.after === undefined
          ? inspector.newest({ appId: query.app_id, limit: query.limit })
          : inspector.records({ appId: query.app_id, after: query.after, limit: query.limit });
      return json({ records, last_seq: inspector.lastSeq, size: inspector.size });
    },
  }),
];
