import { compareIds } from "../ids.js";

/** Bounds of a page of ids, both exclusive; a missing bound is open. */
export interface IdRange {
  readonly before?: string | undefined;
  readonly after?: string | undefined;
}

/** Most ids one chunk holds; a fuller chunk splits in two. */
const CHUNK = 1024;

/** First index of `ids` whose id is not less than `id` (`strict`: greater than `id`). */
function bound(ids: readonly string[], id: string, strict: boolean): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const order = compareIds(ids[mid]!, id);
    if (order < 0 || (strict && order === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Ids kept in numeric order (ids compare as 64-bit numbers, never as text), in chunks of at most
 * {@link CHUNK} ids: finding a place costs O(log n), inserting or removing one id moves at most a
 * chunk, and a page walks only the ids it answers. New ids are nearly always the largest, so
 * inserting is usually a push.
 */
export class SortedIds {
  private readonly chunks: string[][] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  insert(id: string): void {
    const lastChunk = this.chunks.at(-1);
    if (lastChunk === undefined || compareIds(lastChunk.at(-1)!, id) < 0) {
      if (lastChunk !== undefined && lastChunk.length < CHUNK) lastChunk.push(id);
      else this.chunks.push([id]);
      this.count += 1;
      return;
    }
    const c = this.chunkOf(id, false);
    const chunk = this.chunks[c]!;
    const at = bound(chunk, id, false);
    if (chunk[at] === id) return;
    chunk.splice(at, 0, id);
    this.count += 1;
    if (chunk.length > CHUNK) this.chunks.splice(c + 1, 0, chunk.splice(CHUNK / 2));
  }

  remove(id: string): void {
    const c = this.chunkOf(id, false);
    const chunk = this.chunks[c];
    if (chunk === undefined) return;
    const at = bound(chunk, id, false);
    if (chunk[at] !== id) return;
    chunk.splice(at, 1);
    this.count -= 1;
    if (chunk.length === 0) this.chunks.splice(c, 1);
    else this.mergeSmall(c);
  }

  /**
   * Ids strictly inside `range`. Without `after`, from the newest down; with `after`, from the one
   * just after it up. Stops once `take` returns `false`.
   */
  walk(range: IdRange, take: (id: string) => boolean): void {
    if (range.after === undefined) this.walkDown(range, take);
    else this.walkUp(range, take);
  }

  /** Ids strictly inside `range`, from the newest down; stops once `take` returns `false`. */
  walkDown(range: IdRange, take: (id: string) => boolean): void {
    const { before, after } = range;
    let c = this.chunks.length - 1;
    let i = (this.chunks[c]?.length ?? 0) - 1;
    if (before !== undefined) {
      c = this.chunkOf(before, false);
      i = c < this.chunks.length ? bound(this.chunks[c]!, before, false) - 1 : -1;
      if (i < 0) {
        c -= 1;
        i = (this.chunks[c]?.length ?? 0) - 1;
      }
    }
    for (; c >= 0; c--, i = (this.chunks[c]?.length ?? 0) - 1) {
      const chunk = this.chunks[c]!;
      for (; i >= 0; i--) {
        const id = chunk[i]!;
        if (after !== undefined && compareIds(id, after) <= 0) return;
        if (!take(id)) return;
      }
    }
  }

  /** Ids strictly inside `range`, from the oldest up; stops once `take` returns `false`. */
  walkUp(range: IdRange, take: (id: string) => boolean): void {
    const { before, after } = range;
    let c = 0;
    let i = 0;
    if (after !== undefined) {
      c = this.chunkOf(after, true);
      i = c < this.chunks.length ? bound(this.chunks[c]!, after, true) : 0;
    }
    for (; c < this.chunks.length; c++, i = 0) {
      const chunk = this.chunks[c]!;
      for (; i < chunk.length; i++) {
        const id = chunk[i]!;
        if (before !== undefined && compareIds(id, before) >= 0) return;
        if (!take(id)) return;
      }
    }
  }

  /** The ids in ascending order (a copy). */
  toArray(): string[] {
    return this.chunks.flat();
  }

  /** Joins chunk `c` with a neighbour when both fit in half a chunk, so chunks stay few. */
  private mergeSmall(c: number): void {
    for (const left of [c - 1, c]) {
      const a = this.chunks[left];
      const b = this.chunks[left + 1];
      if (a === undefined || b === undefined || a.length + b.length > CHUNK / 2) continue;
      a.push(...b);
      this.chunks.splice(left + 1, 1);
      return;
    }
  }

  /**
   * The first chunk whose last id is not less than `id` (`strict`: greater than `id`), so the chunk
   * where `id` is or would go; the chunk count when every id is smaller.
   */
  private chunkOf(id: string, strict: boolean): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const order = compareIds(this.chunks[mid]!.at(-1)!, id);
      if (order < 0 || (strict && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
