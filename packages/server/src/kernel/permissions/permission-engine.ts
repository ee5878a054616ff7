import { bitsToPermissions, type PermissionName, permissionsToBits } from "@chatbot/protocol";
import type {
  ChannelRecord,
  GuildRecord,
  MemberRecord,
  OverwriteRecord,
  RoleRecord,
} from "../world/records.js";
import { pairKey, type World } from "../world/world.js";
import {
  basePermissions,
  channelPermissions,
  hasPermission,
  type OverwriteBits,
  type PermissionSubject,
} from "./compute.js";
import { type HierarchyStanding, highestPosition } from "./hierarchy.js";

const roleBits = new WeakMap<RoleRecord, bigint>();
const overwriteBits = new WeakMap<readonly OverwriteRecord[], OverwriteBits[]>();

function bitsOfRole(role: RoleRecord): bigint {
  let bits = roleBits.get(role);
  if (bits === undefined) {
    bits = permissionsToBits(role.permissions);
    roleBits.set(role, bits);
  }
  return bits;
}

function bitsOfOverwrites(overwrites: readonly OverwriteRecord[]): OverwriteBits[] {
  let bits = overwriteBits.get(overwrites);
  if (!bits) {
    bits = overwrites.map((o) => ({
      id: o.id,
      type: o.type,
      allow: permissionsToBits(o.allow),
      deny: permissionsToBits(o.deny),
    }));
    overwriteBits.set(overwrites, bits);
  }
  return bits;
}

/**
 * The one permission and visibility engine, for people and bots alike. It reads the world as it is
 * now (inside a transaction: with the transaction's own writes); it never reads the clock. A user
 * who is not a member of the server has no permission there.
 */
export class PermissionEngine {
  constructor(private readonly world: World) {}

  /** The member record of `userId` in `guildId`, if they are a member. */
  member(guildId: string, userId: string): MemberRecord | undefined {
    return this.world.tables.members.get(pairKey(guildId, userId));
  }

  /**
   * Whether the member's timeout is running: from the change that set it to the change that ends
   * it (a moderator, or its deadline firing on the clock), in the server's order. Its length is a
   * duration on the clock; whether it still runs is never read off the clock, so nothing the member
   * does can come between the deadline and the event that says the timeout ended.
   */
  isTimedOut(member: MemberRecord): boolean {
    return member.communication_disabled_until !== null;
  }

  /** The facts that decide `userId`'s permissions in `guild`, or null for a non-member. */
  subject(guild: GuildRecord, userId: string): PermissionSubject | null {
    const member = this.member(guild.id, userId);
    if (!member) return null;
    const roles = this.world.tables.roles;
    const everyone = roles.get(guild.everyone_role_id);
    const own: { id: string; permissions: bigint }[] = [];
    for (const id of member.roles) {
      const role = roles.get(id);
      if (role) own.push({ id, permissions: bitsOfRole(role) });
    }
    return {
      userId,
      isOwner: guild.owner_id === userId,
      everyoneRoleId: guild.everyone_role_id,
      everyonePermissions: everyone ? bitsOfRole(everyone) : 0n,
      roles: own,
      timedOut: this.isTimedOut(member),
    };
  }

  /** Server-level permissions of `userId` (0 for a non-member). */
  guildBits(guild: GuildRecord, userId: string): bigint {
    const subject = this.subject(guild, userId);
    return subject ? basePermissions(subject) : 0n;
  }

  /** Permissions of `userId` in `channel` (0 for a non-member or when the channel is hidden). */
  channelBits(channel: ChannelRecord, userId: string): bigint {
    const guild = this.world.tables.guilds.get(channel.guild_id);
    return guild ? this.channelBitsOf(this.subject(guild, userId), channel) : 0n;
  }

  /**
   * Permissions in `channel` of the member `subject` describes (from {@link subject} for the
   * channel's server; 0 for `null`, a non-member): many channels of one server read it once.
   */
  channelBitsOf(subject: PermissionSubject | null, channel: ChannelRecord): bigint {
    return subject ? channelPermissions(subject, bitsOfOverwrites(channel.overwrites)) : 0n;
  }

  /** Whether `userId` can see `channel` (`view_channels` there). */
  canView(channel: ChannelRecord, userId: string): boolean {
    return hasPermission(this.channelBits(channel, userId), "view_channels");
  }

  /** Whether `userId` holds `name` in `channel`. */
  can(channel: ChannelRecord, userId: string, name: PermissionName): boolean {
    return hasPermission(this.channelBits(channel, userId), name);
  }

  /** Whether `userId` holds `name` at server level. */
  canInGuild(guild: GuildRecord, userId: string, name: PermissionName): boolean {
    return hasPermission(this.guildBits(guild, userId), name);
  }

  /** Permission names of `userId` in `channel`. */
  channelPermissionNames(channel: ChannelRecord, userId: string): PermissionName[] {
    return bitsToPermissions(this.channelBits(channel, userId));
  }

  /** Permission names of `userId` at server level. */
  guildPermissionNames(guild: GuildRecord, userId: string): PermissionName[] {
    return bitsToPermissions(this.guildBits(guild, userId));
  }

  /** Where `userId` stands in the role hierarchy of `guild`. */
  standing(guild: GuildRecord, userId: string): HierarchyStanding {
    const member = this.member(guild.id, userId);
    const roles = this.world.tables.roles;
    const positions = (member?.roles ?? []).map((id) => roles.get(id)?.position ?? 0);
    return { isOwner: guild.owner_id === userId, highest: highestPosition(positions) };
  }
}
