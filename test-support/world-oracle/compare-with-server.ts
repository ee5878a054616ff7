import type { WorldView } from "@chatbot/gateway";
import type { DevClient } from "@chatbot/protocol/dev";
import type { RestClient } from "@chatbot/rest";

const sorted = (list: readonly string[]) => [...list].sort();
const byId = <T extends { id: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => (a.id < b.id ? -1 : 1));

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Every difference between the bot's world view and what the service answers the same bot
 * (`GET /v1/users/@me/guilds`, and per server `GET /v1/guilds/{id}`, `/channels`, `/roles`; emojis
 * from the dev API's world, which the bot's REST does not list), field by field: `[]` when equal.
 * `requested`: the intents the bot's connection asked for.
 */
export async function compareWithServer(
  view: WorldView,
  rest: RestClient,
  dev: DevClient,
  requested: readonly string[],
  /** For a cluster worker: the servers it should hold (those of its partitions); default every one. */
  holds: (guildId: string) => boolean = () => true,
): Promise<string[]> {
  const out: string[] = [];
  const listed = sorted((await rest.getGuilds()).map((g) => g.id).filter(holds));
  const held = sorted([...view.servers()].map((s) => s.id));
  if (!same(listed, held))
    out.push(`servers: the service lists ${listed.join(",")}; the view holds ${held.join(",")}`);
  const exported = await dev.call("exportWorld");
  for (const id of listed) {
    const server = view.server(id);
    if (!server) continue;
    const [guild, channels, roles] = await Promise.all([
      rest.getGuild(id),
      rest.getGuildChannels(id),
      rest.getGuildRoles(id),
    ]);
    const where = `server ${id}`;
    for (const key of ["name", "description", "icon_id", "owner_id"] as const) {
      if (guild[key] !== server[key]) out.push(`${where}.${key}: ${guild[key]} ≠ ${server[key]}`);
    }
    if (!same(sorted(guild.scopes ?? []), sorted(server.scopes)))
      out.push(`${where}.scopes: ${String(guild.scopes)} ≠ ${String(server.scopes)}`);
    // The gateway tells a connection the intents it receives there: those it asked for that the install grants.
    const receives = (guild.intents ?? []).filter((i) => requested.includes(i));
    if (!same(sorted(receives), sorted(server.intents)))
      out.push(`${where}.intents: ${String(receives)} ≠ ${String(server.intents)}`);
    if (!same(sorted(guild.me.roles), sorted(server.me.roles)))
      out.push(`${where}.me.roles: ${String(guild.me.roles)} ≠ ${String(server.me.roles)}`);
    if (!same(sorted(guild.me.permissions), sorted(server.me.permissions)))
      out.push(`${where}.me.permissions: ${String(guild.me.permissions)} ≠ ${String(server.me.permissions)}`);
    if (!same(byId(guild.categories), byId(server.categories.list())))
      out.push(
        `${where}.categories: ${JSON.stringify(byId(guild.categories))} ≠ ${JSON.stringify(byId(server.categories.list()))}`,
      );
    const norm = <T extends { id: string; permissions: string[] }>(list: readonly T[]) =>
      byId(list.map((x) => ({ ...x, permissions: sorted(x.permissions) })));
    const viewChannels = norm(server.channels.list().map((c) => c.toJSON()));
    if (!same(norm(channels), viewChannels))
      out.push(`${where}.channels: ${JSON.stringify(norm(channels))} ≠ ${JSON.stringify(viewChannels)}`);
    if (!same(norm(guild.channels), viewChannels))
      out.push(`${where}: the snapshot's channels differ from /channels`);
    const viewRoles = norm(server.roles.list().map((r) => r.toJSON()));
    if (!same(norm(roles), viewRoles))
      out.push(`${where}.roles: ${JSON.stringify(norm(roles))} ≠ ${JSON.stringify(viewRoles)}`);
    const emojis = byId(
      exported.emojis
        .filter((e) => e.guild_id === id)
        .map((e) => ({
          id: e.id,
          name: e.name,
          animated: e.animated,
          available: e.available,
          image_id: e.image_id ?? e.id,
        })),
    );
    // A server read over REST (a cluster worker's takeover) does not know its emojis until an
    // event tells them: `undefined` says so, and is no mismatch.
    if (server.emojis !== undefined && !same(emojis, byId(server.emojis)))
      out.push(`${where}.emojis: ${JSON.stringify(emojis)} ≠ ${JSON.stringify(byId(server.emojis))}`);
    // The view's answer to "may the bot do X here" is the service's own list for that channel.
    for (const channel of channels) {
      const held = server.channels.get(channel.id);
      if (
        held &&
        held.can("send_messages") !==
          (channel.permissions.includes("send_messages") || channel.permissions.includes("administrator"))
      )
        out.push(`${where}: can("send_messages") in ${channel.id} differs`);
    }
  }
  return out;
}
