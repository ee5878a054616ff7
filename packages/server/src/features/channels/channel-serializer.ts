import type { Channel, PermissionName } from "@chatbot/protocol";
import { bitsToPermissions } from "@chatbot/protocol";
import type { PermissionEngine } from "../../kernel/permissions/permission-engine.js";
import type { ChannelRecord } from "../../kernel/world/records.js";

/** The channel object with `permissions`: what `viewerId` may do in it. */
export function serializeChannel(
  engine: PermissionEngine,
  channel: ChannelRecord,
  viewerId: string,
): Channel {
  return channelObject(channel, engine.channelBits(channel, viewerId));
}

/** Permission names by bitfield: a server's channels mostly share a few (a snapshot lists them all). */
const namesByBits = new Map<bigint, readonly PermissionName[]>();

function permissionNames(bits: bigint): PermissionName[] {
  let names = namesByBits.get(bits);
  if (!names) {
    if (namesByBits.size >= 1_024) namesByBits.clear();
    names = bitsToPermissions(bits);
    namesByBits.set(bits, names);
  }
  return [...names];
}

/** The channel object with `permissions` from `bits`, the viewer's permissions there already computed. */
export function channelObject(channel: ChannelRecord, bits: bigint): Channel {
  return {
    id: channel.id,
    guild_id: channel.guild_id,
    name: channel.name,
    kind: channel.kind,
    topic: channel.topic,
    position: channel.position,
    category_id: channel.category_id,
    slowmode_seconds: channel.slowmode_seconds,
    permissions: permissionNames(bits),
  };
}
