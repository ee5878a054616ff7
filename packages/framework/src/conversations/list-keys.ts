import type { StateStore } from "../state/state-store.js";

/** Entries read at once. */
const LIMIT = 10_000;
/** What may follow a prefix in a conversation's key: the digits of an id, and the separator. */
const NEXT_CHARACTERS = "0123456789:";

/**
 * Every key under `prefix`, a part of the key space at a time when there are more than one list
 * answers (10,000): the prefix is narrowed by each character a key may go on with.
 */
export async function listKeys(store: StateStore, prefix: string, into: string[] = []): Promise<string[]> {
  const entries = await store.list<unknown>(prefix, { limit: LIMIT });
  if (entries.length < LIMIT) {
    for (const { key } of entries) into.push(key);
    return into;
  }
  if ((await store.get<unknown>(prefix)) !== undefined) into.push(prefix);
  for (const c of NEXT_CHARACTERS) await listKeys(store, prefix + c, into);
  return into;
}
