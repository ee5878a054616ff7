import type { MessageRecord, UserRecord } from "../../kernel/world/records.js";
import type { World } from "../../kernel/world/world.js";
import { type MessageViewer, serializeMessage } from "./message-serializer.js";

interface CachedJson {
  readonly userId: string;
  readonly contentAccess: boolean;
  /** The user records the JSON was made from (author, then mentioned users), compared by identity. */
  readonly users: readonly (UserRecord | undefined)[];
  readonly json: string;
}

/** Viewers remembered per message; bots that read the same channel each get their own entry. */
const ENTRIES_PER_MESSAGE = 4;

/**
 * The JSON text of {@link serializeMessage}, remembered per message record and viewer. Records are
 * never changed in place (an edit or a reaction puts a new record), so an entry stays right for as
 * long as its record lives; the user records it shows are checked by identity, so a renamed author
 * is never served stale. Entries die with their record (a WeakMap), which keeps memory bounded by the
 * world itself. Reading a page of history (the hot path of bots that catch up over REST) then costs
 * a string join instead of building and stringifying every message again.
 */
export class MessageJsonCache {
  private readonly entries = new WeakMap<MessageRecord, CachedJson[]>();

  /** The message's JSON for `viewer`. */
  json(world: World, message: MessageRecord, viewer: MessageViewer): string {
    const users = usersOf(world, message);
    const list = this.entries.get(message);
    const hit = list?.find(
      (e) =>
        e.userId === viewer.userId && e.contentAccess === viewer.contentAccess && sameUsers(e.users, users),
    );
    if (hit) return hit.json;
    const json = JSON.stringify(serializeMessage(world, message, viewer));
    const entry: CachedJson = { userId: viewer.userId, contentAccess: viewer.contentAccess, users, json };
    const kept = (list ?? []).filter(
      (e) => e.userId !== viewer.userId || e.contentAccess !== viewer.contentAccess,
    );
    if (kept.length >= ENTRIES_PER_MESSAGE) kept.shift();
    kept.push(entry);
    this.entries.set(message, kept);
    return json;
  }

  /** A JSON array of the messages for `viewer`. */
  listJson(world: World, messages: readonly MessageRecord[], viewer: MessageViewer): string {
    return `[${messages.map((m) => this.json(world, m, viewer)).join(",")}]`;
  }
}

function usersOf(world: World, message: MessageRecord): (UserRecord | undefined)[] {
  const users = world.tables.users;
  const out = [users.get(message.author_id)];
  for (const id of message.mentions.users) out.push(users.get(id));
  return out;
}

function sameUsers(a: readonly (UserRecord | undefined)[], b: readonly (UserRecord | undefined)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The process-wide cache. Safe to share between servers in one process: entries are keyed by the
 * record objects themselves, which belong to exactly one world.
 */
export const messageJson = new MessageJsonCache();
