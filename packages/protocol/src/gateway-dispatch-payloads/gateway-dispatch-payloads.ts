import type * as v from "valibot";
import { type AuditLogEntry, AuditLogEntrySchema } from "../audit-log-entry/audit-log-entry.js";
import { type Channel, ChannelSchema } from "../channel/channel.js";
import type { GatewayEventName } from "../constants/intents.js";
import {
  type ChannelDeletePayload,
  ChannelDeletePayloadSchema,
  type GuildDeletePayload,
  GuildDeletePayloadSchema,
  type GuildEmojisUpdatePayload,
  GuildEmojisUpdatePayloadSchema,
  type GuildRoleDeletePayload,
  GuildRoleDeletePayloadSchema,
  type GuildRolePayload,
  GuildRolePayloadSchema,
} from "../event-payloads/guild-events.js";
import {
  type GuildBanPayload,
  GuildBanPayloadSchema,
  type GuildMemberPayload,
  GuildMemberPayloadSchema,
  type GuildMemberRemovePayload,
  GuildMemberRemovePayloadSchema,
} from "../event-payloads/member-events.js";
import {
  type MessageDeleteBulkPayload,
  MessageDeleteBulkPayloadSchema,
  type MessageDeletePayload,
  MessageDeletePayloadSchema,
  type MessageReactionPayload,
  MessageReactionPayloadSchema,
} from "../event-payloads/message-events.js";
import {
  type GuildCreatePayload,
  GuildCreatePayloadSchema,
} from "../guild-create-payload/guild-create-payload.js";
import { type Interaction, InteractionSchema } from "../interaction/interaction.js";
import { type Message, MessageSchema } from "../message/message.js";
import { type ReadyPayload, ReadyPayloadSchema } from "../ready-payload/ready-payload.js";

/** The `d` of every gateway event, by event name ("Event payloads"). */
export interface GatewayDispatchPayloads {
  READY: ReadyPayload;
  GUILD_CREATE: GuildCreatePayload;
  GUILD_UPDATE: GuildCreatePayload;
  GUILD_DELETE: GuildDeletePayload;
  MESSAGE_CREATE: Message;
  MESSAGE_UPDATE: Message;
  MESSAGE_DELETE: MessageDeletePayload;
  MESSAGE_DELETE_BULK: MessageDeleteBulkPayload;
  MESSAGE_REACTION_ADD: MessageReactionPayload;
  MESSAGE_REACTION_REMOVE: MessageReactionPayload;
  GUILD_MEMBER_ADD: GuildMemberPayload;
  GUILD_MEMBER_UPDATE: GuildMemberPayload;
  GUILD_MEMBER_REMOVE: GuildMemberRemovePayload;
  GUILD_BAN_ADD: GuildBanPayload;
  GUILD_BAN_REMOVE: GuildBanPayload;
  GUILD_AUDIT_LOG_ENTRY_CREATE: AuditLogEntry;
  GUILD_ROLE_CREATE: GuildRolePayload;
  GUILD_ROLE_UPDATE: GuildRolePayload;
  GUILD_ROLE_DELETE: GuildRoleDeletePayload;
  CHANNEL_CREATE: Channel;
  CHANNEL_UPDATE: Channel;
  CHANNEL_DELETE: ChannelDeletePayload;
  GUILD_EMOJIS_UPDATE: GuildEmojisUpdatePayload;
  INTERACTION_CREATE: Interaction;
}

/** The `d` of the event `E`, such as `DispatchOf<"MESSAGE_CREATE">` (a message). */
export type DispatchOf<E extends GatewayEventName> = GatewayDispatchPayloads[E];

/** The schema of each event's `d`, for clients that validate what they receive. */
export const GATEWAY_DISPATCH_SCHEMAS: {
  readonly [E in GatewayEventName]: v.GenericSchema<unknown, GatewayDispatchPayloads[E]>;
} = {
  READY: ReadyPayloadSchema,
  GUILD_CREATE: GuildCreatePayloadSchema,
  GUILD_UPDATE: GuildCreatePayloadSchema,
  GUILD_DELETE: GuildDeletePayloadSchema,
  MESSAGE_CREATE: MessageSchema,
  MESSAGE_UPDATE: MessageSchema,
  MESSAGE_DELETE: MessageDeletePayloadSchema,
  MESSAGE_DELETE_BULK: MessageDeleteBulkPayloadSchema,
  MESSAGE_REACTION_ADD: MessageReactionPayloadSchema,
  MESSAGE_REACTION_REMOVE: MessageReactionPayloadSchema,
  GUILD_MEMBER_ADD: GuildMemberPayloadSchema,
  GUILD_MEMBER_UPDATE: GuildMemberPayloadSchema,
  GUILD_MEMBER_REMOVE: GuildMemberRemovePayloadSchema,
  GUILD_BAN_ADD: GuildBanPayloadSchema,
  GUILD_BAN_REMOVE: GuildBanPayloadSchema,
  GUILD_AUDIT_LOG_ENTRY_CREATE: AuditLogEntrySchema,
  GUILD_ROLE_CREATE: GuildRolePayloadSchema,
  GUILD_ROLE_UPDATE: GuildRolePayloadSchema,
  GUILD_ROLE_DELETE: GuildRoleDeletePayloadSchema,
  CHANNEL_CREATE: ChannelSchema,
  CHANNEL_UPDATE: ChannelSchema,
  CHANNEL_DELETE: ChannelDeletePayloadSchema,
  GUILD_EMOJIS_UPDATE: GuildEmojisUpdatePayloadSchema,
  INTERACTION_CREATE: InteractionSchema,
};
