import { randomUUID } from "node:crypto";
import type { Message } from "@chatbot/protocol";
import { isApiError, type RestClient } from "@chatbot/rest";
import type { CommandContext } from "../context/command-context.js";
import { EPHEMERAL, type ReplyInput, toMessageBody } from "../context/reply-input.js";
import type { Logger } from "../services.js";
import type { StoredValue } from "../state/state-store.js";
import type { ConversationRecord, PendingPost } from "./conversation-record.js";
import { postFirst } from "./conversation-posts.js";

/** What a delivery found: the nonces posted (or found posted), the question's id, dropped answers. */
export interface Delivered {
  /** Nonces of the posts that are now in the channel (posted now, or found posted before). */
  readonly posted: ReadonlySet<string>;
  /** The id of the message of a post marked `k` (the question a reaction or reply step needs). */
  readonly questionId: string | null;
  /** Nonces of interaction answers that never went out and never can: their conversation is none. */
  readonly lost: ReadonlySet<string>;
}

/**
 * A post decided now, for a record about to be written: `input` in `channelId` with a fresh nonce;
 * with `interaction`, the answer to that command use. Null for an empty text (nothing to post).
 */
export function decidePost(
  channelId: string,
  input: ReplyInput,
  options: { readonly interaction?: string; readonly keep?: boolean } = {},
): PendingPost | null {
  const { body, ephemeral } = toMessageBody(input);
  if (!body.content && (body.embeds?.length ?? 0) === 0) return null;
  return {
    n: randomUUID(),
    c: channelId,
    b: body as unknown as PendingPost["b"],
    ...(options.interaction !== undefined && { i: options.interaction }),
    ...(ephemeral && options.interaction !== undefined && { e: 1 as const }),
    ...(options.keep === true && { k: 1 as const }),
  };
}

/** The reply a pending post stands for, as a command's context takes it. */
function inputOf(post: PendingPost): ReplyInput {
  return { ...(post.b as object), ...(post.e === 1 && { ephemeral: true }) } as ReplyInput;
}

/**
 * Posts a record's outbox, oldest first. A channel post goes with its nonce, so that posting it
 * again (this process after an error, or the next one after a crash) is answered with the first
 * message and posts nothing. An interaction's answer goes through `ctx` when the process that
 * decided it still has it; otherwise (a later process) the interface is asked whether it went out:
 * editing the original to the same text succeeds only when it did (or posts it after a thinking
 * state), and a callback succeeds only in its 3 seconds; when neither does, it never went out and
 * never will, and its conversation is not one (see {@link Delivered.lost}). A channel post to a
 * channel that is gone (`unknown_channel`) is dropped, counted with the posted. Stops at the first post
 * that fails, which stays in the outbox for the next try; answers what it delivered, and the error.
 * Posts whose nonce is in `skip` are left to whoever is posting them.
 */
export async function deliverPosts(
  rest: RestClient,
  logger: Pick<Logger, "warn">,
  record: ConversationRecord,
  ctx: CommandContext | null,
  skip: ReadonlySet<string>,
): Promise<{ delivered: Delivered; error: unknown }> {
  const posted = new Set<string>();
  const lost = new Set<string>();
  let questionId: string | null = null;
  let error: unknown = null;
  for (const post of record.o ?? []) {
    if (skip.has(post.n)) continue;
    let message: Message | null;
    try {
      if (post.i === undefined) {
        message = await rest
          .createMessage(post.c, { ...(post.b as object), nonce: post.n })
          .catch((failure: unknown) => {
            if (!isApiError(failure, "unknown_channel")) throw failure;
            // The channel was deleted: the post can never go. It leaves the outbox (as if posted),
            // rather than stay in it, tried again, for as long as the record lives.
            logger.warn(`conversation "${record.n}": channel ${post.c} is gone; a post to it was dropped`);
            return null;
          });
      } else if (ctx !== null && ctx.interaction.id === post.i) {
        message = await postFirst(ctx, rest, inputOf(post), post.k === 1, post.n);
      } else {
        const recovered = await recoverAnswer(rest, post);
        if (recovered === undefined) {
          lost.add(post.n);
          logger.warn(
            `conversation "${record.n}": the answer to interaction ${post.i} never went out (the process that decided it stopped first); the conversation did not begin`,
          );
          continue;
        }
        message = recovered;
      }
    } catch (failure) {
      error = failure;
      break;
    }
    posted.add(post.n);
    if (post.k === 1 && message) questionId = message.id;
  }
  return { delivered: { posted, questionId, lost }, error };
}

/**
 * The answer to an interaction decided by an earlier process: the original's message when it went
 * out (edited to the same text, or posted now after a thinking state), a callback's when its 3
 * seconds still run, else undefined (it never went out and cannot now).
 */
async function recoverAnswer(rest: RestClient, post: PendingPost): Promise<Message | null | undefined> {
  const interaction = post.i!;
  try {
    return await rest.editOriginalResponse(interaction, post.b as never);
  } catch (error) {
    if (!isApiError(error) || (error.code !== "interaction_not_answered" && error.status !== 404))
      throw error;
    if (error.status === 404) return undefined;
  }
  try {
    const data = { ...(post.b as Record<string, StoredValue>), ...(post.e === 1 && { flags: EPHEMERAL }) };
    await rest.createInteractionResponse(interaction, { type: 4, data } as never);
    return null;
  } catch (error) {
    if (isApiError(error, "interaction_already_handled")) return undefined;
    throw error;
  }
}

/** A record with `post` added to its outbox (null: the record as it is, nothing made). */
export function withPosts<R extends { readonly o?: readonly PendingPost[] }>(
  record: R,
  post: PendingPost | null,
): R {
  if (post === null) return record;
  return { ...record, o: record.o === undefined ? [post] : [...record.o, post] };
}

/**
 * What an earlier record still has to post, carried into the record written over it: its outbox
 * without a command's answer, which never went out if it is still there (see `unconfirmed`).
 */
export function carriedPosts(record: { readonly o?: readonly PendingPost[] } | undefined): PendingPost[] {
  return (record?.o ?? []).filter((p) => p.i === undefined);
}
