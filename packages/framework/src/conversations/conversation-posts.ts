import type { Message } from "@chatbot/protocol";
import type { RestClient } from "@chatbot/rest";
import type { CommandContext } from "../context/command-context.js";
import { type ReplyInput, toMessageBody } from "../context/reply-input.js";
import type { ConversationView, Say } from "./conversation-types.js";

/** The text a {@link Say} makes for the conversation where it stands. */
export function sayFor<D>(say: Say<D>, view: ConversationView<D>): ReplyInput {
  return typeof say === "function" ? say(view) : say;
}

/**
 * Posts `input` in the channel as a plain message: the questions after the first, and what is said
 * at a timeout or a cancel, go so (an interaction's follow-ups end 15 minutes after it, and a
 * conversation outlives the process that started it). Nothing is posted for an empty text.
 */
export async function postInChannel(
  rest: RestClient,
  channelId: string,
  input: ReplyInput,
  nonce?: string,
): Promise<Message | null> {
  const { body } = toMessageBody(input);
  if (!body.content && (body.embeds?.length ?? 0) === 0) return null;
  return rest.createMessage(channelId, nonce === undefined ? body : { ...body, nonce });
}

/**
 * Posts the first question as the command's answer while the interaction allows it (the answer,
 * the original after a thinking state, else a follow-up within its 15 minutes), else in the
 * channel (with `nonce`). With `needId`, it is posted so that its message is known (deferred, then
 * edited).
 */
export async function postFirst(
  ctx: CommandContext,
  rest: RestClient,
  input: ReplyInput,
  needId: boolean,
  nonce?: string,
): Promise<Message | null> {
  const state = ctx.state;
  if (state === "expired") return postInChannel(rest, ctx.channelId, input, nonce);
  if (state === "answered") return ctx.followUp(input);
  if (needId) {
    await ctx.defer({ ephemeral: typeof input === "object" && input.ephemeral === true });
    return ctx.editReply(input);
  }
  return ctx.reply(input);
}
