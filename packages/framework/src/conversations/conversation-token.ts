import type { InjectionToken } from "tsyringe";
import type { CommandContext } from "../context/command-context.js";
import type { EventContext } from "../context/event-context.js";

/** What a conversation's definition asks of the bot's conversations (`Conversations` does it). */
export interface ConversationStarter {
  start(conversation: object, from: CommandContext | EventContext, data: unknown): Promise<boolean>;
  cancelFrom(from: CommandContext | EventContext, name: string, say: unknown): Promise<boolean>;
}

/** The container token under which a bot registers its `Conversations`. */
export const CONVERSATIONS: InjectionToken<ConversationStarter> = Symbol.for("chatbot.conversations");
