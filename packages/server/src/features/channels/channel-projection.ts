import type { ServerChange } from "../../kernel/changes/server-change.js";
import { compareIds } from "../../kernel/ids.js";
import { hasPermission } from "../../kernel/permissions/compute.js";
import { serializeChannel } from "./channel-serializer.js";
import type { ChannelRecord } from "../../kernel/world/records.js";
import type { ChangeContext, ProjectionViewer } from "../../gateway/projection.js";

export type ChannelChange = Extract<
  ServerChange,
  { type: "CHANNEL_CREATE" | "CHANNEL_UPDATE" | "CHANNEL_DELETE" }
>;

/** Sends the channel object with the bot's own `permissions` in it (`CHANNEL_CREATE` / `_UPDATE`). */
function sendChannel(
  ctx: ChangeContext,
  viewer: ProjectionViewer,
  event: "CHANNEL_CREATE" | "CHANNEL_UPDATE",
  channel: ChannelRecord,
  bits: bigint,
): void {
  if (event === "CHANNEL_CREATE") viewer.state.channelShownOrHidden();
  viewer.send(ctx, event, `${channel.id}:${bits}`, () =>
    serializeChannel(ctx.core.engine, channel, viewer.botId),
  );
}

function sendDelete(ctx: ChangeContext, viewer: ProjectionViewer, channelId: string): void {
  const guildId = viewer.guild.id;
  viewer.state.channelShownOrHidden();
  viewer.send(ctx, "CHANNEL_DELETE", channelId, () => ({ id: channelId, guild_id: guildId }));
}

/**
 * Channel events (`guilds`), only for channels the bot sees: a change that makes a channel visible
 * sends `CHANNEL_CREATE`, one that hides it `CHANNEL_DELETE`; a channel hidden before and after
 * sends nothing. A `GUILD_UPDATE` follows when the bot's snapshot may have changed (after a
 * `CHANNEL_CREATE` or `CHANNEL_DELETE` always: the categories the bot sees may have changed with it).
 */
export function projectChannelChange(
  ctx: ChangeContext,
  change: ChannelChange,
  viewer: ProjectionViewer,
): void {
  const { channel } = change;
  const visible = viewer.state.visible;
  const was = visible.has(channel.id);
  if (change.type === "CHANNEL_DELETE") {
    if (!was) return;
    visible.delete(channel.id);
    sendDelete(ctx, viewer, channel.id);
    viewer.queueGuildUpdate();
    return;
  }
  const bits = viewer.channelBits(channel);
  const now = hasPermission(bits, "view_channels");
  if (!was && !now) return;
  if (now && !was) {
    visible.add(channel.id);
    sendChannel(ctx, viewer, "CHANNEL_CREATE", channel, bits);
  } else if (was && !now) {
    visible.delete(channel.id);
    sendDelete(ctx, viewer, channel.id);
  } else {
    sendChannel(ctx, viewer, "CHANNEL_UPDATE", channel, bits);
  }
  viewer.queueGuildUpdate();
}

/**
 * Compares the channels the bot sees now with those it saw, after a change of roles or of the
 * bot's own member: newly visible ones are sent as `CHANNEL_CREATE`, newly hidden ones as
 * `CHANNEL_DELETE`, in channel order. Returns whether anything changed.
 */
export function resyncChannels(ctx: ChangeContext, viewer: ProjectionViewer): boolean {
  const visible = viewer.state.visible;
  const channels = [...ctx.core.world.tables.channels.by("guild", viewer.guild.id).values()].sort(
    (a, b) => a.position - b.position || compareIds(a.id, b.id),
  );
  const seen = new Set<string>();
  let changed = false;
  for (const channel of channels) {
    seen.add(channel.id);
    const bits = viewer.channelBits(channel);
    const now = hasPermission(bits, "view_channels");
    const was = visible.has(channel.id);
    if (now && !was) {
      visible.add(channel.id);
      sendChannel(ctx, viewer, "CHANNEL_CREATE", channel, bits);
      changed = true;
    } else if (was && !now) {
      visible.delete(channel.id);
      sendDelete(ctx, viewer, channel.id);
      changed = true;
    }
  }
  // A channel gone without its own change projected yet: its CHANNEL_DELETE goes now, once.
  for (const id of [...visible]) {
    if (seen.has(id)) continue;
    visible.delete(id);
    sendDelete(ctx, viewer, id);
    changed = true;
  }
  return changed;
}
