import { compareIds } from "../ids.js";
import type { ConnectedSpan } from "../world/records.js";

/**
 * The arithmetic of connected spans (see {@link ConnectedSpan}): whether a position lies inside one,
 * and the compaction that keeps a bot's list only as long as the history rule needs it.
 */

/** Whether any message has an id strictly between `after` and `before` (both exclusive). */
export type MessagesBetween = (after: string, before: string) => boolean;

/** Whether `position` lies inside one of `spans` (oldest first), both ends exclusive. */
export function spansCover(spans: readonly ConnectedSpan[], position: string): boolean {
  // The last span opened before `position` is the only one that can hold it.
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareIds(spans[mid]![0], position) < 0) lo = mid + 1;
    else hi = mid;
  }
  const span = spans[lo - 1];
  if (span === undefined) return false;
  return span[1] === null || compareIds(position, span[1]) < 0;
}

/**
 * What the history rule can still need of `spans`: a closed span that holds no existing message is
 * dropped, and two spans with no existing message between them become one. New messages always
 * sort after every closed span (ids only rise), so neither step changes an answer, now or later.
 * The result has at most one span per existing message, plus the open one.
 */
export function compactSpans(
  spans: readonly ConnectedSpan[],
  anyMessageBetween: MessagesBetween,
): ConnectedSpan[] {
  const out: ConnectedSpan[] = [];
  for (const span of spans) {
    const [opened, closed] = span;
    if (closed !== null && !anyMessageBetween(opened, closed)) continue;
    const last = out.at(-1);
    if (last !== undefined && last[1] !== null && !anyMessageBetween(last[1], opened)) {
      out[out.length - 1] = [last[0], closed];
    } else {
      out.push(span);
    }
  }
  return out;
}

/** Whether two span lists are the same (to skip writing a record that did not change). */
export function sameSpans(a: readonly ConnectedSpan[], b: readonly ConnectedSpan[]): boolean {
  return a.length === b.length && a.every((span, i) => span[0] === b[i]![0] && span[1] === b[i]![1]);
}
