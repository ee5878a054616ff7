import { bitsToPermissions, type InteractionResolved, type Role, type User } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import { serializeRole } from "../roles/role-serializer.js";
import { serializeUser } from "../../kernel/actors/user-serializer.js";
import type { ChannelRecord } from "../../kernel/world/records.js";
import { pairKey } from "../../kernel/world/world.js";

type ResolvedMember = NonNullable<InteractionResolved["members"]>[string];
type ResolvedChannel = NonNullable<InteractionResolved["channels"]>[string];

/** The `resolved` maps of an interaction as they fill up (decisions.md shapes). */
export interface ResolvedBuilder {
  readonly users: Map<string, User>;
  readonly members: Map<string, ResolvedMember>;
  readonly roles: Map<string, Role>;
  readonly channels: Map<string, ResolvedChannel>;
}

/** Empty maps. */
export function resolvedBuilder(): ResolvedBuilder {
  return { users: new Map(), members: new Map(), roles: new Map(), channels: new Map() };
}

/**
 * A member of the channel's server: `users[id]` (the user object) and `members[id]` (`nickname`,
 * `roles`, `joined_at`, and `permissions` in the interaction's channel). False for anyone else.
 */
export function resolveUser(
  core: Kernel,
  channel: ChannelRecord,
  id: string,
  into: ResolvedBuilder,
): boolean {
  const member = core.world.tables.members.get(pairKey(channel.guild_id, id));
  const user = core.world.tables.users.get(id);
  if (!member || !user) return false;
  into.users.set(id, serializeUser(user));
  into.members.set(id, {
    nickname: member.nickname,
    roles: [...member.roles],
    joined_at: member.joined_at,
    permissions: bitsToPermissions(core.engine.channelBits(channel, id)),
  });
  return true;
}

/**
 * A channel of the same server that the person can see: `channels[id]` is `{ id, name, kind,
 * permissions }`, the permissions being the person's in that channel.
 */
export function resolveChannel(
  core: Kernel,
  channel: ChannelRecord,
  personId: string,
  id: string,
  into: ResolvedBuilder,
): boolean {
  const target = core.world.tables.channels.get(id);
  if (!target || target.guild_id !== channel.guild_id || !core.engine.canView(target, personId)) return false;
  into.channels.set(id, {
    id: target.id,
    name: target.name,
    kind: target.kind,
    permissions: bitsToPermissions(core.engine.channelBits(target, personId)),
  });
  return true;
}

/** A role of the same server (the everyone role included): `roles[id]` is the role object. */
export function resolveRole(
  core: Kernel,
  channel: ChannelRecord,
  id: string,
  into: ResolvedBuilder,
): boolean {
  const role = core.world.tables.roles.get(id);
  if (!role || role.guild_id !== channel.guild_id) return false;
  into.roles.set(id, serializeRole(role));
  return true;
}

/** The `resolved` object: only the maps that hold entries; undefined when none does. */
export function finishResolved(built: ResolvedBuilder): InteractionResolved | undefined {
  const out: InteractionResolved = {};
  if (built.users.size > 0) out.users = Object.fromEntries(built.users);
  if (built.members.size > 0) out.members = Object.fromEntries(built.members);
  if (built.roles.size > 0) out.roles = Object.fromEntries(built.roles);
  if (built.channels.size > 0) out.channels = Object.fromEntries(built.channels);
  return Object.keys(out).length > 0 ? out : undefined;
}
