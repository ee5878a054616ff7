import type { StoredValue } from "../state/state-store.js";
import { ConversationError } from "./conversation-error.js";
import type { ConversationPlace } from "./conversation-types.js";

/** The store keys of the conversations waiting: `<guild>:<channel>:<person>` follows. */
export const CONVERSATION_KEY_PREFIX = "chatbot:conversation:";

/** The scheduler job that ends a conversation whose question was not answered in time. */
export const CONVERSATION_TIMEOUT_JOB = "chatbot:conversation-timeout";

/** What a conversation keeps (`data`) may take at most this many bytes as JSON. */
export const MAX_DATA_BYTES = 4_096;

/**
 * A waiting conversation as the store keeps it, one key per server, channel and person. Its size
 * does not grow with the answers: a wrong answer only counts in `t` and moves `v` and `a`.
 */
export interface ConversationRecord {
  /** The conversation's name. */
  readonly n: string;
  /** The step waiting for its answer. */
  readonly s: string;
  /** What it keeps. */
  readonly d: StoredValue;
  /** Its version: one more at each answer taken; the timeout job carries the one it was set for. */
  readonly v: number;
  /** Only a message after this id answers (the last answer taken, or what started it). */
  readonly a: string;
  /** The id of what started it (the command's interaction, or the message): the conversation's id. */
  readonly i?: string;
  /** The question's message id, when a step needs it (a reaction, a reply), else null. */
  readonly q: string | null;
  /** Answers to this step sent back with `again`. */
  readonly t: number;
  /** When the question's time is over (Unix ms on the bot's clock). */
  readonly u: number;
  /**
   * When its timeout job is due: at `u` or before. An answer that moves `u` later leaves the job
   * where it is (no write to the scheduler); the job, finding `u` later, moves itself there.
   */
  readonly j: number;
  /**
   * Its outbox: the posts this record's last writes decided and that are not known delivered yet,
   * oldest first. Posted with their nonces after the write, by the process that wrote it or by the
   * next one, and dropped from the record once acknowledged (absent when empty).
   */
  readonly o?: readonly PendingPost[];
  /** Set once the conversation has ended: the record stays only until its outbox is delivered. */
  readonly x?: 1;
  /**
   * Set on an ended record whose message `a` may still be delivered again: the answer that ended
   * it, or, ended by a timeout or a command, the last answer it took, not yet handled for good. The
   * record stays, a mark, until that message is, so that it delivered again is still its own.
   */
  readonly w?: 1;
}

/**
 * A post decided in a record's write: a message in channel `c` posted with nonce `n` (the interface
 * posts a nonce once: the same nonce and body again returns the first message), or, with `i`, the
 * answer to the interaction `i` (the interface takes one answer per interaction).
 */
export interface PendingPost {
  /** The message's nonce: drawn when the write that decided it was made. */
  readonly n: string;
  /** The channel it goes to. */
  readonly c: string;
  /** The message body, as sent. */
  readonly b: { readonly [key: string]: StoredValue };
  /** The interaction it answers (the command that started the conversation), if it is one's answer. */
  readonly i?: string;
  /** The interaction's answer is only seen by the person. */
  readonly e?: 1;
  /** Its message id is kept on the record as the question's (`q`) once posted. */
  readonly k?: 1;
}

/** The payload of a {@link CONVERSATION_TIMEOUT_JOB}: the conversation's key. */
export interface TimeoutPayload {
  readonly k: string;
}

/**
 * Whether a record's first question, the command's answer, is not known to have gone out: it is in
 * the outbox, and not among the answers this process is posting or has posted (`ours`, by nonce).
 */
export function unconfirmed(record: ConversationRecord, ours: ReadonlySet<string>): boolean {
  return (
    record.x === undefined && record.o?.some((post) => post.i !== undefined && !ours.has(post.n)) === true
  );
}

/** Whether a record stands for a conversation that waits for an answer (see {@link unconfirmed}). */
export function waiting(record: ConversationRecord, ours: ReadonlySet<string>): boolean {
  return record.x === undefined && !unconfirmed(record, ours);
}

/** The store key (and the timeout job's key) of the conversation at `place`. */
export function conversationKey(place: ConversationPlace): string {
  return keyOf(place.guildId, place.channelId, place.userId);
}

/** The store key of the conversation of `userId` in `channelId` of `guildId` (no place object made). */
export function keyOf(guildId: string, channelId: string, userId: string): string {
  return `${CONVERSATION_KEY_PREFIX}${guildId}:${channelId}:${userId}`;
}

/** The place a store key names, or null for a key that is not one. */
export function placeOfKey(key: string): ConversationPlace | null {
  if (!key.startsWith(CONVERSATION_KEY_PREFIX)) return null;
  const [guildId, channelId, userId, ...rest] = key.slice(CONVERSATION_KEY_PREFIX.length).split(":");
  if (!guildId || !channelId || !userId || rest.length > 0) return null;
  return { guildId, channelId, userId };
}

/** Whether a stored value is a conversation record (a store shared with other code may hold others). */
export function isRecord(value: unknown): value is ConversationRecord {
  const r = value as Partial<ConversationRecord> | null;
  return (
    typeof r === "object" &&
    r !== null &&
    typeof r.n === "string" &&
    typeof r.s === "string" &&
    typeof r.v === "number" &&
    typeof r.a === "string" &&
    typeof r.u === "number" &&
    typeof r.j === "number"
  );
}

/** Checks that `data` is JSON of at most {@link MAX_DATA_BYTES}; the error names the conversation and step. */
export function checkData(name: string, step: string, data: unknown): StoredValue {
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch (error) {
    throw new ConversationError(
      "bad_data",
      `conversation "${name}" at step "${step}": its data must be JSON: ${String(error)}`,
    );
  }
  if (json === undefined || typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ConversationError(
      "bad_data",
      `conversation "${name}" at step "${step}": its data must be a JSON object`,
    );
  }
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_DATA_BYTES) {
    throw new ConversationError(
      "data_too_large",
      `conversation "${name}" at step "${step}": its data takes ${bytes} bytes as JSON, more than the ${MAX_DATA_BYTES} allowed; keep ids, not whole objects`,
    );
  }
  return data as StoredValue;
}
