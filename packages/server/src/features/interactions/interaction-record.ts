import type { InteractionNotice, InteractionState } from "@chatbot/protocol/dev";
import type { MessageRecord } from "../../kernel/world/records.js";

// The states and notices are the dev API's (an interaction's view shows them).
export { INTERACTION_STATES, type InteractionNotice, type InteractionState } from "@chatbot/protocol/dev";

/**
 * One use of a slash command. Non-ephemeral answers are ordinary messages (their ids are listed
 * here); ephemeral answers are kept only here, so they never reach history or `MESSAGE_CREATE`, and
 * only the person who used the command sees them.
 */
export interface InteractionRecord {
  readonly id: string;
  readonly application_id: string;
  readonly guild_id: string;
  readonly channel_id: string;
  /** The person who used the command. */
  readonly user_id: string;
  readonly command_id: string;
  readonly command_name: string;
  readonly state: InteractionState;
  readonly notice: InteractionNotice | null;
  /** When it was received; the 3-second and 15-minute windows count from here. */
  readonly created_at: number;
  /** Whether the original answer is ephemeral (set by the first callback's `flags`). */
  readonly ephemeral: boolean;
  /** The id of the original answer, once posted. */
  readonly original_id: string | null;
  /** Ids of the non-ephemeral answer messages, original first. */
  readonly message_ids: readonly string[];
  /** The ephemeral answer messages, original first. */
  readonly ephemeral_messages: readonly MessageRecord[];
}

/** The key of the index of interactions by channel and person (for ephemeral answers). */
export function interactionViewerKey(channelId: string, userId: string): string {
  return `${channelId}:${userId}`;
}
