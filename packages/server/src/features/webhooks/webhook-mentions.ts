import type { Kernel } from "../../kernel/kernel.js";
import { type AllowedMentionsInput, parseMentions } from "../messages/mentions.js";
import type { ChannelRecord, MentionsRecord } from "../../kernel/world/records.js";

const USERNAME_MENTION = /(?<![\w@<&])@([A-Za-z0-9_.]{2,32})/g;
const NOT_USERNAMES = new Set(["everyone", "here"]);

/** The members of the channel's server named by `@username` in `content` (usernames are lower case). */
function usernameMentions(core: Kernel, channel: ChannelRecord, content: string): string[] {
  const wanted = new Set<string>();
  for (const match of content.matchAll(USERNAME_MENTION)) {
    const name = match[1]!.toLowerCase();
    if (NOT_USERNAMES.has(name)) continue;
    wanted.add(name);
    const trimmed = name.replace(/\.+$/, "");
    if (trimmed !== name && trimmed.length >= 2) wanted.add(trimmed);
  }
  if (wanted.size === 0) return [];
  const users = core.world.tables.users;
  const found: string[] = [];
  for (const member of core.world.tables.members.by("guild", channel.guild_id).values()) {
    const user = users.get(member.user_id);
    if (user && wanted.has(user.username.toLowerCase())) found.push(user.id);
  }
  return found;
}

/**
 * Who a webhook post mentions: `<@id>`, `<@&id>`, `@everyone` / `@here` and `@username`, each only
 * as far as the webhook's maker could mention in that channel, then narrowed by `allowed_mentions`
 * when it is given.
 */
export function webhookMentions(
  core: Kernel,
  channel: ChannelRecord,
  makerId: string,
  content: string,
  allowed: AllowedMentionsInput | undefined,
): MentionsRecord {
  // Every mention syntax holds an "@"; most posts have none.
  if (!content.includes("@")) return { users: [], roles: [], everyone: false };
  const base = parseMentions(core, channel, makerId, content, allowed);
  let named = usernameMentions(core, channel, content);
  if (allowed && !(allowed.parse ?? []).includes("users")) {
    named = named.filter((id) => allowed.users?.includes(id));
  }
  const users = [...new Set([...base.users, ...named])];
  return { users, roles: base.roles, everyone: base.everyone };
}
