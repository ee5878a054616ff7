import {
  type EditMessageBody,
  type FollowupMessageBody,
  type InteractionCallbackBody,
  InteractionCallbackType,
  isEphemeral,
  LIMITS,
} from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import { ApiError, UnknownObjectError } from "../../kernel/errors/api-error.js";
import type { BotActor } from "../../kernel/actors/actor.js";
import type { ChannelRecord, MessageRecord } from "../../kernel/world/records.js";
import type { Transaction } from "../../kernel/changes/transaction.js";
import { pairKey } from "../../kernel/world/world.js";
import { editAnswer, makeAnswer, postAnswer } from "./answer-message.js";
import type { InteractionRecord } from "./interaction-record.js";

/** `400 interaction_already_handled`: a second callback, or one after the 3 seconds passed. */
export class InteractionAlreadyHandledError extends ApiError {
  constructor() {
    super(
      400,
      "interaction_already_handled",
      "this interaction was already answered, or its 3 seconds passed",
    );
  }
}

/** `400 interaction_not_answered`: an edit or followup before any callback. */
export class InteractionNotAnsweredError extends ApiError {
  constructor() {
    super(400, "interaction_not_answered", "answer the interaction with a callback first (type 4 or 5)");
  }
}

/** One of the bot's interactions, re-checked at each call, with its channel. */
interface Reachable {
  readonly interaction: InteractionRecord;
  readonly channel: ChannelRecord;
}

/**
 * The interaction as the bot may still reach it: its own, delivered to it, the app still installed
 * in the server and the bot still seeing the channel. Anything else answers `404 unknown_interaction`.
 */
function reachable(core: Kernel, bot: BotActor, interactionId: string): Reachable {
  const tables = core.world.tables;
  const interaction = tables.interactions.get(interactionId);
  const channel = interaction && tables.channels.get(interaction.channel_id);
  if (
    !interaction ||
    !channel ||
    interaction.application_id !== bot.app.id ||
    interaction.state === "not_delivered" ||
    !tables.installs.has(pairKey(interaction.guild_id, bot.app.id)) ||
    !core.engine.canView(channel, bot.user.id)
  ) {
    throw new UnknownObjectError("interaction");
  }
  return { interaction, channel };
}

/** `404 unknown_interaction` once the 15 minutes for edits and followups have passed. */
function requireOpen(interaction: InteractionRecord, now: number): void {
  if (now >= interaction.created_at + LIMITS.interactionFollowupMs) {
    throw new ApiError(
      404,
      "unknown_interaction",
      "the interaction expired: its answer can be edited and followed up for 15 minutes",
    );
  }
}

/** Posts the original answer (after a thinking callback), in the ephemerality the callback chose. */
function answerThinking(
  core: Kernel,
  tx: Transaction,
  bot: BotActor,
  at: Reachable,
  input: EditMessageBody | FollowupMessageBody,
): MessageRecord {
  const message = makeAnswer(core, tx, bot, at.channel, at.interaction, input);
  const posted = postAnswer(tx, at.interaction, message, at.interaction.ephemeral);
  tx.put("interactions", { ...posted, state: "answered", original_id: message.id });
  return message;
}

/**
 * `POST /v1/interactions/{id}/callback`: once, within 3 seconds of delivery. Type 4 answers (flags 64
 * makes it ephemeral), type 5 shows a thinking state. Any later callback answers
 * `400 interaction_already_handled`.
 */
export function interactionCallback(
  core: Kernel,
  bot: BotActor,
  interactionId: string,
  body: InteractionCallbackBody,
): void {
  core.transact((tx) => {
    const at = reachable(core, bot, interactionId);
    const { interaction } = at;
    if (interaction.state !== "delivered" || tx.now >= interaction.created_at + LIMITS.interactionAnswerMs) {
      throw new InteractionAlreadyHandledError();
    }
    const ephemeral = isEphemeral(body.data?.flags);
    if (body.type === InteractionCallbackType.Thinking) {
      tx.put("interactions", { ...interaction, state: "thinking", ephemeral });
    } else {
      const message = makeAnswer(core, tx, bot, at.channel, interaction, body.data ?? {});
      const posted = postAnswer(tx, interaction, message, ephemeral);
      tx.put("interactions", { ...posted, state: "answered", ephemeral, original_id: message.id });
    }
    tx.afterCommit(() => core.interactions.cancel(interactionId));
  });
}

/** What an answer call made, and whether it is ephemeral. */
export interface AnswerResult {
  readonly message: MessageRecord;
  readonly ephemeral: boolean;
}

/**
 * `PATCH /v1/interactions/{id}/messages/@original`, for 15 minutes: after a thinking callback it posts
 * the answer; once answered it edits it (`MESSAGE_UPDATE` for a non-ephemeral one).
 */
export function editOriginal(
  core: Kernel,
  bot: BotActor,
  interactionId: string,
  body: EditMessageBody,
): AnswerResult {
  return core.transact((tx) => {
    const at = reachable(core, bot, interactionId);
    const { interaction } = at;
    requireOpen(interaction, tx.now);
    if (interaction.state === "thinking") {
      return { message: answerThinking(core, tx, bot, at, body), ephemeral: interaction.ephemeral };
    }
    if (interaction.state !== "answered" || interaction.original_id === null)
      throw new InteractionNotAnsweredError();
    const originalId = interaction.original_id;
    if (interaction.ephemeral) {
      const before = interaction.ephemeral_messages.find((m) => m.id === originalId);
      if (!before) throw new UnknownObjectError("message");
      const message = editAnswer(core, tx, bot, at.channel, before, body);
      tx.put("interactions", {
        ...interaction,
        ephemeral_messages: interaction.ephemeral_messages.map((m) => (m.id === originalId ? message : m)),
      });
      return { message, ephemeral: true };
    }
    const before = tx.world.tables.messages.get(originalId);
    if (!before) throw new UnknownObjectError("message");
    const message = editAnswer(core, tx, bot, at.channel, before, body);
    tx.put("messages", message);
    tx.emit({ type: "MESSAGE_UPDATE", guildId: message.guild_id, message, before });
    return { message, ephemeral: false };
  });
}

/**
 * `POST /v1/interactions/{id}/followups`, for 15 minutes after an answer: another message (flags 64
 * makes it ephemeral). After a thinking callback the first followup is the answer itself.
 */
export function followup(
  core: Kernel,
  bot: BotActor,
  interactionId: string,
  body: FollowupMessageBody,
): AnswerResult {
  return core.transact((tx) => {
    const at = reachable(core, bot, interactionId);
    const { interaction } = at;
    requireOpen(interaction, tx.now);
    if (interaction.state === "thinking") {
      return { message: answerThinking(core, tx, bot, at, body), ephemeral: interaction.ephemeral };
    }
    if (interaction.state !== "answered") throw new InteractionNotAnsweredError();
    const ephemeral = isEphemeral(body.flags);
    const message = makeAnswer(core, tx, bot, at.channel, interaction, body);
    tx.put("interactions", postAnswer(tx, interaction, message, ephemeral));
    return { message, ephemeral };
  });
}
