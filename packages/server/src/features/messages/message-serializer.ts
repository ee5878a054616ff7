import type { Message, Poll } from "@chatbot/protocol";
import type { MessageRecord, PollRecord } from "../../kernel/world/records.js";
import { serializeEmbed } from "./embed-serializer.js";
import type { World } from "../../kernel/world/world.js";
import { missingUser, serializeUser } from "../../kernel/actors/user-serializer.js";
import { webhookAuthor, webhookExtras } from "./webhook-post-serializer.js";

/** Who a message is shown to. */
export interface MessageViewer {
  /** The viewer's user id (`reactions[].me`, mentions of the viewer, own messages). */
  readonly userId: string;
  /**
   * Whether the viewer may read message text: a person always; a bot with `message_content` (the
   * install's scope for REST, the intent for gateway events).
   */
  readonly contentAccess: boolean;
}

/**
 * The message object for one viewer. Without content access, `content`, `embeds`, `attachments`
 * and `poll` are withheld (`content_available: false`) unless the message mentions the viewer or
 * the viewer wrote it.
 */
export function serializeMessage(world: World, message: MessageRecord, viewer: MessageViewer): Message {
  const users = world.tables.users;
  const author = users.get(message.author_id);
  const available =
    viewer.contentAccess ||
    message.author_id === viewer.userId ||
    message.mentions.users.includes(viewer.userId);
  return {
    id: message.id,
    channel_id: message.channel_id,
    guild_id: message.guild_id,
    author: message.webhook
      ? webhookAuthor(message.webhook)
      : author
        ? serializeUser(author)
        : missingUser(message.author_id),
    content: available ? message.content : "",
    content_available: available,
    embeds: available ? message.embeds.map(serializeEmbed) : [],
    attachments: available ? message.attachments.map((a) => ({ ...a })) : [],
    poll: available && message.poll ? serializePoll(message.poll) : null,
    mentions: {
      users: message.mentions.users.map((id) => {
        const user = users.get(id);
        return user ? serializeUser(user) : missingUser(id);
      }),
      roles: [...message.mentions.roles],
      everyone: message.mentions.everyone,
    },
    reactions: message.reactions.map((r) => ({
      emoji: { id: r.emoji.id, name: r.emoji.name },
      count: r.user_ids.length,
      me: r.user_ids.includes(viewer.userId),
    })),
    reply_to: message.reply_to,
    interaction: message.interaction ? { ...message.interaction } : null,
    pinned: message.pinned,
    created_at: message.created_at,
    edited_at: message.edited_at,
    ...webhookExtras(message, available),
  };
}

function serializePoll(poll: PollRecord): Poll {
  return {
    question: { text: poll.question.text },
    answers: poll.answers.map((a) => ({ ...a })),
    expires_at: poll.expires_at,
    allow_multiselect: poll.allow_multiselect,
  };
}
