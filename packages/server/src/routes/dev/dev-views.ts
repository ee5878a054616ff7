import type { DevApplication, DevChannel, DevInstall } from "@chatbot/protocol/dev";
import type { Kernel } from "../../kernel/kernel.js";
import { serializeChannel } from "../../features/channels/channel-serializer.js";
import { serializeApplication } from "../../kernel/actors/user-serializer.js";
import type { AppRecord, ChannelRecord, InstallRecord } from "../../kernel/world/records.js";

/** The application object plus the dev settings `enabled` and `privileged_intents`. */
export function devApplication(app: AppRecord): DevApplication {
  return {
    ...serializeApplication(app),
    enabled: app.enabled,
    privileged_intents: [...app.privileged_intents],
  };
}

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

/** The answer of an install. */
export function devInstall(install: InstallRecord): DevInstall {
  return {
    guild_id: install.guild_id,
    application_id: install.application_id,
    scopes: [...install.scopes],
    intents: [...install.intents],
    role_id: install.role_id,
  };
}
