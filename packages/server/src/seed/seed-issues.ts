import { SeedError } from "./seed-error.js";

/**
 * The bad references of a seed, collected rather than thrown one at a time, so that one
 * {@link SeedError} names every bad path (as the shape checks do).
 */
export class SeedIssues {
  private readonly errors: Record<string, string[]> = {};
  private count = 0;
  private readonly refused = new Set<string>();

  /** Records `message` at `path` unless `ok`; returns `ok`, so a caller can skip what depends on it. */
  check(ok: boolean, path: string, message: string): boolean {
    if (!ok) {
      (this.errors[path] ??= []).push(message);
      this.count += 1;
    }
    return ok;
  }

  /** Records every entry of `table` whose key an earlier entry already has. */
  unique<T>(items: readonly T[], table: string, key: (item: T) => string, what = "entry"): void {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      this.check(!seen.has(k), `${table}.${index}`, `a second ${what} for ${k}`);
      seen.add(k);
    });
  }

  /**
   * Marks the row `id` of `table` as refused, so checks of rows that refer to it can stay quiet
   * instead of reporting the same mistake again.
   */
  refuse(table: string, id: string): void {
    this.refused.add(`${table}:${id}`);
  }

  /** Whether the row `id` of `table` was refused. */
  isRefused(table: string, id: string): boolean {
    return this.refused.has(`${table}:${id}`);
  }

  /** Throws one {@link SeedError} with everything recorded, if anything was. */
  throwIfAny(): void {
    if (this.count > 0) throw new SeedError(this.errors);
  }
}
