import type { StateStore, StoredEntry } from "../state/state-store.js";

/** Entries read at once. */
const LIMIT = 10_000;
/** What may follow a prefix in a conversation's key: the digits of an id, and the separator. */
const NEXT_CHARACTERS = "0123456789:";

/**
 * Every entry under `prefix`, a part of the key space at a time when there are more than one list
 * answers (10,000): the prefix is narrowed by each character a key may go on with.
 */
export async function listEntries(
  store: StateStore,
  prefix: string,
  into: StoredEntry<unknown>[] = [],
): Promise<StoredEntry<unknown>[]> {
  const entries = await store.list<unknown>(prefix, { limit: LIMIT });
  if (entries.length < LIMIT) {
    into.push(...entries);
    return into;
  }
  const exact = await store.get<unknown>(prefix);
  if (exact !== undefined) into.push({ key: prefix, value: exact, expiresAt: null });
  for (const c of NEXT_CHARACTERS) await listEntries(store, prefix + c, into);
  return into;
}
