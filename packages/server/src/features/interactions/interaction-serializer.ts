import {
  bitsToPermissions,
  type Interaction,
  type InteractionDataOption,
  type InteractionResolved,
  type Message,
} from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import type { InteractionRecord } from "./interaction-record.js";
import type { ChannelRecord, MemberRecord, MessageRecord, UserRecord } from "../../kernel/world/records.js";
import { type MessageViewer, serializeMessage } from "../messages/message-serializer.js";
import { serializeUser } from "../../kernel/actors/user-serializer.js";

/** What an `INTERACTION_CREATE` is made of, besides the interaction record. */
export interface InteractionParts {
  readonly channel: ChannelRecord;
  readonly person: UserRecord;
  readonly member: MemberRecord;
  readonly botUserId: string;
  readonly options: readonly InteractionDataOption[];
  readonly resolved: InteractionResolved | undefined;
}

/**
 * The interaction object delivered as `INTERACTION_CREATE`: the person's `member.permissions` and the
 * bot's `app_permissions` are what each may do in the channel now; `data.options` and
 * `data.resolved` are left out when empty.
 */
export function serializeInteraction(
  core: Kernel,
  record: InteractionRecord,
  parts: InteractionParts,
): Interaction {
  return {
    id: record.id,
    application_id: record.application_id,
    type: 2,
    guild_id: record.guild_id,
    channel_id: record.channel_id,
    user: serializeUser(parts.person),
    member: {
      nickname: parts.member.nickname,
      roles: [...parts.member.roles],
      permissions: bitsToPermissions(core.engine.channelBits(parts.channel, parts.person.id)),
    },
    data: {
      id: record.command_id,
      name: record.command_name,
      type: 1,
      ...(parts.options.length > 0 ? { options: parts.options.map((o) => ({ ...o })) } : {}),
      ...(parts.resolved ? { resolved: parts.resolved } : {}),
    },
    app_permissions: bitsToPermissions(core.engine.channelBits(parts.channel, parts.botUserId)),
    created_at: record.created_at,
  };
}

/** An answer message for a viewer; ephemeral ones carry `flags: 64` (the only place flags show). */
export function serializeAnswer(
  core: Kernel,
  message: MessageRecord,
  viewer: MessageViewer,
  ephemeral: boolean,
): Message {
  const out = serializeMessage(core.world, message, viewer);
  return ephemeral ? { ...out, flags: 64 } : out;
}

/** `GET /dev/v1/interactions/{id}`: the state, every answer (ephemeral ones included) and the notice. */
export function serializeInteractionView(core: Kernel, record: InteractionRecord) {
  const viewer = { userId: record.user_id, contentAccess: true };
  const answers: { message: MessageRecord; ephemeral: boolean }[] = [];
  for (const id of record.message_ids) {
    const message = core.world.tables.messages.get(id);
    if (message) answers.push({ message, ephemeral: false });
  }
  for (const message of record.ephemeral_messages) answers.push({ message, ephemeral: true });
  answers.sort((a, b) => (BigInt(a.message.id) < BigInt(b.message.id) ? -1 : 1));
  return {
    id: record.id,
    state: record.state,
    messages: answers.map((a) => serializeAnswer(core, a.message, viewer, a.ephemeral)),
    notice: record.notice,
  };
}
