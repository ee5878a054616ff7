import { SortedIds } from "./sorted-ids.js";

const EMPTY = new SortedIds();

/**
 * Ordered id lists by key (a channel's message ids, a server's member ids): a key's list exists
 * only while it holds an id.
 */
export class IdOrders {
  private readonly lists = new Map<string, SortedIds>();

  /** The ids under `key`, in id order (an empty list when there are none; do not change it). */
  of(key: string): SortedIds {
    return this.lists.get(key) ?? EMPTY;
  }

  insert(key: string, id: string): void {
    let list = this.lists.get(key);
    if (!list) {
      list = new SortedIds();
      this.lists.set(key, list);
    }
    list.insert(id);
  }

  remove(key: string, id: string): void {
    const list = this.lists.get(key);
    list?.remove(id);
    if (list?.size === 0) this.lists.delete(key);
  }

  clear(): void {
    this.lists.clear();
  }
}
