import type { Channel } from "@chatbot/protocol";
import { bitsToPermissions } from "@chatbot/protocol";
import type { PermissionEngine } from "../permissions/permission-engine.js";
import type { ChannelRecord } from "../world/records.js";

/** The channel object with `permissions`: what `viewerId` may do in it. */
export function serializeChannel(
  engine: PermissionEngine,
  channel: ChannelRecord,
  viewerId: string,
): Channel {
  return {
    id: channel.id,
    guild_id: channel.guild_id,
    name: channel.name,
    kind: channel.kind,
    topic: channel.topic,
    position: channel.position,
    category_id: channel.category_id,
    slowmode_seconds: channel.slowmode_seconds,
    permissions: bitsToPermissions(engine.channelBits(channel, viewerId)),
  };
}
