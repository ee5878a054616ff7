import type { Message } from "@chatbot/protocol";

/**
 * A page of messages, newest first, that also says whether history was hidden: `historyHidden` is
 * `true` when the bot lacks Read message history there and sees only messages sent while it was
 * connected (the service's `X-History-Hidden: 1`).
 */
export type MessageList = Message[] & { readonly historyHidden: boolean };

/** Marks `messages` with `historyHidden` (a read-only property that JSON leaves out). */
export function toMessageList(messages: Message[], historyHidden: boolean): MessageList {
  return Object.defineProperty(messages, "historyHidden", {
    value: historyHidden,
    enumerable: false,
  }) as MessageList;
}
