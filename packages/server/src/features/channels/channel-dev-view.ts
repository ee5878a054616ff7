import type { DevChannel } from "@chatbot/protocol/dev";
import type { Kernel } from "../../kernel/kernel.js";
import type { ChannelRecord } from "../../kernel/world/records.js";
import { serializeChannel } from "./channel-serializer.js";

/** A channel for a person: the channel object (their permissions) plus its `overwrites`. */
export function devChannel(core: Kernel, channel: ChannelRecord, viewerId: string): DevChannel {
  return {
    ...serializeChannel(core.engine, channel, viewerId),
    overwrites: channel.overwrites.map((o) => ({
      id: o.id,
      type: o.type,
      allow: [...o.allow],
      deny: [...o.deny],
    })),
  };
}
