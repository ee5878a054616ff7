import { compareIds } from "../../kernel/ids.js";
import type { ConnectedSpan } from "../../kernel/world/records.js";
import type { IdRange, SortedIds } from "../../kernel/world/sorted-ids.js";

/** A page of ids: at most `limit`, inside the range; newest first unless `after` is given. */
export interface IdPage extends IdRange {
  readonly limit: number;
}

/** The larger of two lower bounds (an absent bound is open). */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareIds(a, b) >= 0 ? a : b;
}

/** The smaller of two upper bounds (an absent bound is open). */
function earlier(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareIds(a, b) <= 0 ? a : b;
}

/** Up to `page.limit` ids of `ids` in the page, in page order (down, or up with `after`). */
function takePage(ids: SortedIds, range: IdRange, up: boolean, limit: number, out: string[]): void {
  if (out.length >= limit) return;
  const take = (id: string) => {
    out.push(id);
    return out.length < limit;
  };
  if (up) ids.walkUp(range, take);
  else ids.walkDown(range, take);
}

/**
 * The ids of a page of `channel` (its message ids in id order) that lie inside one of `spans`
 * (oldest first, ends exclusive): each span is a range searched in O(log n), so a page costs
 * O(spans + log n · spans with messages + limit), never a walk of the channel.
 */
export function idsInSpans(channel: SortedIds, spans: readonly ConnectedSpan[], page: IdPage): string[] {
  const up = page.after !== undefined;
  const out: string[] = [];
  for (let k = 0; k < spans.length && out.length < page.limit; k++) {
    const [opened, closed] = spans[up ? k : spans.length - 1 - k]!;
    const after = later(page.after, opened);
    const before = earlier(page.before, closed ?? undefined);
    if (before !== undefined && compareIds(after!, before) >= 0) continue;
    takePage(channel, { after, before }, up, page.limit, out);
  }
  return out;
}

/** Up to `page.limit` ids of `ids` in the page, in page order. */
export function idsInPage(ids: SortedIds, page: IdPage): string[] {
  const out: string[] = [];
  takePage(ids, page, page.after !== undefined, page.limit, out);
  return out;
}

/**
 * Two id lists in the same page order merged into one, each id once, cut at `limit`: descending
 * lists stay descending, ascending ones (`up`) ascending.
 */
export function mergePages(a: readonly string[], b: readonly string[], up: boolean, limit: number): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < a.length || j < b.length)) {
    if (j >= b.length) out.push(a[i++]!);
    else if (i >= a.length) out.push(b[j++]!);
    else {
      const order = compareIds(a[i]!, b[j]!) * (up ? 1 : -1);
      if (order === 0) j++;
      out.push(order <= 0 ? a[i++]! : b[j++]!);
    }
  }
  return out;
}
