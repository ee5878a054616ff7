import { compareIds } from "../ids.js";

/** Bounds of a page of ids, both exclusive; a missing bound is open. */
export interface IdRange {
  readonly before?: string | undefined;
  readonly after?: string | undefined;
}

/**
 * Ids kept in numeric order (ids compare as 64-bit numbers, never as text). New ids are nearly
 * always the largest, so inserting is usually a push.
 */
export class SortedIds {
  private readonly ids: string[] = [];

  get size(): number {
    return this.ids.length;
  }

  insert(id: string): void {
    const last = this.ids[this.ids.length - 1];
    if (last === undefined || compareIds(last, id) < 0) {
      this.ids.push(id);
      return;
    }
    const at = this.lowerBound(id);
    if (this.ids[at] !== id) this.ids.splice(at, 0, id);
  }

  remove(id: string): void {
    const at = this.lowerBound(id);
    if (this.ids[at] === id) this.ids.splice(at, 1);
  }

  /**
   * Ids strictly inside `range`. Without `after`, from the newest down; with `after`, from the one
   * just after it up. Stops once `take` returns `false`.
   */
  walk(range: IdRange, take: (id: string) => boolean): void {
    const { before, after } = range;
    if (after === undefined) {
      const start = before === undefined ? this.ids.length - 1 : this.lowerBound(before) - 1;
      for (let i = start; i >= 0; i--) if (!take(this.ids[i]!)) return;
      return;
    }
    const start = this.upperBound(after);
    for (let i = start; i < this.ids.length; i++) {
      const id = this.ids[i]!;
      if (before !== undefined && compareIds(id, before) >= 0) return;
      if (!take(id)) return;
    }
  }

  /** The ids in ascending order (a copy). */
  toArray(): string[] {
    return [...this.ids];
  }

  /** First index whose id is not less than `id`. */
  private lowerBound(id: string): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareIds(this.ids[mid]!, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose id is greater than `id`. */
  private upperBound(id: string): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareIds(this.ids[mid]!, id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
