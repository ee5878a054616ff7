import type { ReactionEmoji } from "@chatbot/protocol";
import { ValidationError } from "@chatbot/protocol";
import type { RequestOptions } from "../request/request-options.js";
import type { Requester } from "../request/requester.js";
import { checkArgs } from "./checks.js";

/**
 * An emoji to react with: the Unicode character (`"👍"`), a custom emoji as `name:id`
 * (`"party:123"`), or the `{ id, name }` object of a reaction entry or event.
 */
export type EmojiInput = string | ReactionEmoji;

/** The reaction routes of a {@link RestClient}. */
export interface ReactionRoutes {
  /** `PUT .../reactions/{emoji}/@me`: adds the bot's reaction; needs scope `reactions`. */
  addReaction(
    channelId: string,
    messageId: string,
    emoji: EmojiInput,
    options?: RequestOptions,
  ): Promise<void>;
  /** `DELETE .../reactions/{emoji}/@me`: removes the bot's own reaction. */
  removeReaction(
    channelId: string,
    messageId: string,
    emoji: EmojiInput,
    options?: RequestOptions,
  ): Promise<void>;
}

/** The `{emoji}` path segment, URL-encoded: the character, or `name:id` of a custom emoji. */
export function emojiSegment(emoji: EmojiInput): string {
  const text =
    typeof emoji === "string" ? emoji : emoji.id === null ? emoji.name : `${emoji.name}:${emoji.id}`;
  if (text === "" || text.includes("/")) {
    throw new ValidationError({ emoji: ["must be an emoji character or name:id of a custom emoji"] });
  }
  return encodeURIComponent(text);
}

/** Builds the {@link ReactionRoutes} over `requester`. */
export function reactionRoutes(requester: Requester): ReactionRoutes {
  const react = async (
    method: "PUT" | "DELETE",
    channelId: string,
    messageId: string,
    emoji: EmojiInput,
    options?: RequestOptions,
  ) => {
    checkArgs().id("channelId", channelId).id("messageId", messageId).done();
    await requester.request<undefined>({
      method,
      path: `/channels/${channelId}/messages/${messageId}/reactions/${emojiSegment(emoji)}/@me`,
      bucket: `reactions:${channelId}`,
      // Setting or clearing one's own reaction twice ends in the same state.
      retry: true,
      options,
    });
  };
  return {
    addReaction: (channelId, messageId, emoji, options) => react("PUT", channelId, messageId, emoji, options),
    removeReaction: (channelId, messageId, emoji, options) =>
      react("DELETE", channelId, messageId, emoji, options),
  };
}
