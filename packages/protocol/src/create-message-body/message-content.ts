import { LIMITS } from "../constants/limits.js";
import { maxText } from "../shared/fields.js";

/** The message of an empty message body, reported at `content`. */
export const EMPTY_MESSAGE = "content or at least one embed is required";

/** Message text: up to 2,000 characters (UTF-16 code units). */
export const MessageContentSchema = maxText(LIMITS.messageContent);

/** The text-and-embeds part of a message, for the emptiness rule. */
export interface MessageBodyParts {
  readonly content?: string | undefined;
  readonly embeds?: readonly unknown[] | undefined;
}

/** Whether a message would be empty: no content (or `""`) and no embed. */
export function isMessageEmpty(message: MessageBodyParts): boolean {
  return (message.content ?? "") === "" && (message.embeds?.length ?? 0) === 0;
}
