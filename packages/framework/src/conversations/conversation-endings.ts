import type { CommandContext } from "../context/command-context.js";
import type { ReplyInput } from "../context/reply-input.js";
import type { Logger } from "../services.js";
import { sayFor } from "./conversation-posts.js";
import type { ConversationRecord } from "./conversation-record.js";
import type { ConversationPlace, Say } from "./conversation-types.js";
import { viewOf } from "./conversation-view.js";
import type { Conversation } from "./define-conversation.js";

/** How a conversation ended. */
export type Ending = "done" | "timeout" | "cancel" | "stale";

/** What is said at an end, and what ended it. */
export interface EndOptions {
  /** Why it is stale (logged). */
  readonly why?: string;
  /** What to say instead of what the ending calls for (null: nothing). */
  readonly say?: Say<unknown> | null;
  /** The data it ends with. */
  readonly data?: unknown;
  /** The command that ended it, answered with the text. */
  readonly ctx?: CommandContext | null;
  /** The message that ended it: the ended record's last answer, which it still takes if delivered again. */
  readonly answerId?: string | null;
}

/**
 * What a conversation says as it ends `how`: `say` when given, else its `onTimeout` or `onCancel`,
 * nothing when it is done without a text; a stale one (its name or step gone from the code) says
 * so, and is logged once.
 */
export function endingText(
  record: ConversationRecord,
  where: ConversationPlace,
  how: Ending,
  { why, say, data }: EndOptions,
  definition: Conversation | undefined,
  logger: Pick<Logger, "warn">,
): ReplyInput | null {
  const view = viewOf(data === undefined ? record : { ...record, d: data as ConversationRecord["d"] }, where);
  if (how === "stale" || (how === "timeout" && !definition)) {
    logger.warn(
      `conversation "${record.n}" with user ${where.userId} in channel ${where.channelId} ended: ${why ?? `no conversation named "${record.n}" exists now`} (the bot's code changed since it began)`,
    );
    return `<@${where.userId}> this conversation ended: the bot was updated since it began and cannot go on with it. Please start it again.`;
  }
  if (say !== undefined && say !== null) return sayFor(say, view);
  if (say === undefined && definition && how !== "done") {
    return sayFor(how === "timeout" ? definition.onTimeout : definition.onCancel, view);
  }
  return null;
}
