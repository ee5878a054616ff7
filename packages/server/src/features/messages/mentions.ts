import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError } from "../../kernel/errors/api-error.js";
import { hasPermission } from "../../kernel/permissions/compute.js";
import type { ChannelRecord, MentionsRecord } from "../../kernel/world/records.js";
import { pairKey } from "../../kernel/world/world.js";

/** `allowed_mentions` as accepted by the message routes. */
export interface AllowedMentionsInput {
  readonly parse?: readonly ("users" | "roles" | "everyone")[] | undefined;
  readonly users?: readonly string[] | undefined;
  readonly roles?: readonly string[] | undefined;
}

const USER_MENTION = /<@!?([0-9]{1,20})>/g;
const ROLE_MENTION = /<@&([0-9]{1,20})>/g;
const EVERYONE_MENTION = /@(?:everyone|here)\b/;

/** `400` when `parse` names a kind that is also listed by id (they exclude each other). */
export function checkAllowedMentions(allowed: AllowedMentionsInput | undefined): void {
  if (!allowed) return;
  if (allowed.parse?.includes("users") && allowed.users?.length) {
    throw InvalidBodyError.at("allowed_mentions.users", "cannot list users when parse holds users");
  }
  if (allowed.parse?.includes("roles") && allowed.roles?.length) {
    throw InvalidBodyError.at("allowed_mentions.roles", "cannot list roles when parse holds roles");
  }
}

function unique(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
}

/**
 * Who a message mentions, with the same checks for bots as for people: `<@id>` of a member;
 * `<@&id>` of a role of the server that is mentionable, or any role with `mention_everyone`;
 * `@everyone` and `@here` only with `mention_everyone` in the channel. `allowed_mentions`, when
 * given, keeps only what it allows (when absent, every mention the author may make counts).
 */
export function parseMentions(
  core: Kernel,
  channel: ChannelRecord,
  authorId: string,
  content: string,
  allowed: AllowedMentionsInput | undefined,
): MentionsRecord {
  // Every mention syntax holds an "@"; most messages have none, and then neither the author's
  // permissions nor the patterns need to be looked at.
  if (!content.includes("@")) return { users: [], roles: [], everyone: false };
  const tables = core.world.tables;
  const mayMentionAll = hasPermission(core.engine.channelBits(channel, authorId), "mention_everyone");

  let users = unique([...content.matchAll(USER_MENTION)].map((m) => m[1]!)).filter((id) =>
    tables.members.has(pairKey(channel.guild_id, id)),
  );
  let roles = unique([...content.matchAll(ROLE_MENTION)].map((m) => m[1]!)).filter((id) => {
    const role = tables.roles.get(id);
    return (
      role !== undefined &&
      role.guild_id === channel.guild_id &&
      !role.default &&
      (role.mentionable || mayMentionAll)
    );
  });
  let everyone = mayMentionAll && EVERYONE_MENTION.test(content);

  if (allowed) {
    const parse = allowed.parse ?? [];
    if (!parse.includes("users")) users = users.filter((id) => allowed.users?.includes(id));
    if (!parse.includes("roles")) roles = roles.filter((id) => allowed.roles?.includes(id));
    everyone = everyone && parse.includes("everyone");
  }
  return { users, roles, everyone };
}
