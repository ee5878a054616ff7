import type { Message } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import { compareIds } from "../../kernel/ids.js";
import type { MessagePage } from "../messages/message-reads.js";
import { serializeAnswer } from "./interaction-serializer.js";
import type { MessageRecord } from "../../kernel/world/records.js";
import { interactionViewerKey } from "./interaction-record.js";

/** The ephemeral answers addressed to `userId` in a channel. */
export function ephemeralAnswersFor(core: Kernel, channelId: string, userId: string): MessageRecord[] {
  const out: MessageRecord[] = [];
  const mine = core.world.tables.interactions.by("viewer", interactionViewerKey(channelId, userId));
  for (const interaction of mine.values()) out.push(...interaction.ephemeral_messages);
  return out;
}

/**
 * A person's page of a channel's messages with the ephemeral answers addressed to them merged in
 * (newest first, the same `limit`, `before` and `after` as the page). Ephemeral answers carry
 * `flags: 64`; nobody else ever sees them.
 */
export function withEphemeralAnswers(
  core: Kernel,
  userId: string,
  channelId: string,
  page: MessagePage,
  messages: readonly MessageRecord[],
): Message[] {
  const viewer = { userId, contentAccess: true };
  const ephemeral = ephemeralAnswersFor(core, channelId, userId).filter(
    (m) =>
      (page.before === undefined || compareIds(m.id, page.before) < 0) &&
      (page.after === undefined || compareIds(m.id, page.after) > 0),
  );
  if (ephemeral.length === 0) return messages.map((m) => serializeAnswer(core, m, viewer, false));
  const marked = new Set(ephemeral);
  const all = [...messages, ...ephemeral];
  let kept: MessageRecord[];
  if (page.after !== undefined) {
    kept = all
      .sort((a, b) => compareIds(a.id, b.id))
      .slice(0, page.limit)
      .reverse();
  } else {
    kept = all.sort((a, b) => compareIds(b.id, a.id)).slice(0, page.limit);
  }
  return kept.map((m) => serializeAnswer(core, m, viewer, marked.has(m)));
}
