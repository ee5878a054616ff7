import { describe, expect, it } from "vitest";
import { spansCover } from "../../kernel/presence/connected-spans.js";
import type { ConnectedSpan } from "../../kernel/world/records.js";
import { SortedIds } from "../../kernel/world/sorted-ids.js";
import { idsInPage, idsInSpans, mergePages } from "./history-page.js";

const big = (id: string) => BigInt(id);
const byNumber = (a: string, b: string) => (big(a) < big(b) ? -1 : big(a) > big(b) ? 1 : 0);

/** The page a walk of every id would give: the rule checked on each, newest first or up from `after`. */
function walked(
  all: readonly string[],
  keep: (id: string) => boolean,
  page: { limit: number; before?: string | undefined; after?: string | undefined },
) {
  const inRange = all.filter(
    (id) =>
      keep(id) &&
      (page.after === undefined || big(id) > big(page.after)) &&
      (page.before === undefined || big(id) < big(page.before)),
  );
  return page.after === undefined ? inRange.reverse().slice(0, page.limit) : inRange.slice(0, page.limit);
}

describe("history pages by search", () => {
  // 5,000 message ids (several chunks), every third one gone, and ids of other lengths around them.
  const ids = new SortedIds();
  const all: string[] = [];
  for (let i = 0; i < 5_000; i++) {
    const id = String(10_000 + i * 2);
    if (i % 3 === 1) continue;
    ids.insert(id);
    all.push(id);
  }
  const spans: ConnectedSpan[] = [
    ["10001", "10041"],
    ["10100", "10101"],
    ["12001", "13999"],
    ["15000", "15000"],
    ["17003", "17101"],
    ["19500", null],
  ];
  const own = new SortedIds();
  const ownIds = all.filter((_, i) => i % 7 === 0);
  for (const id of ownIds) own.insert(id);
  const ownSet = new Set(ownIds);
  const readable = (id: string) => spansCover(spans, id) || ownSet.has(id);
  const bounds = [
    undefined,
    "5",
    "10000",
    "10040",
    "10101",
    "12999",
    "13000",
    "17050",
    "19600",
    "99999999999",
  ];

  it("finds the ids of connected spans and the actor's own, as checking every id would", () => {
    for (const limit of [1, 3, 50, 100]) {
      for (const before of bounds) {
        for (const after of bounds) {
          const page = { limit, before, after };
          const up = after !== undefined;
          const merged = mergePages(idsInPage(own, page), idsInSpans(ids, spans, page), up, limit);
          expect(merged, JSON.stringify(page)).toEqual(walked(all, readable, page));
        }
      }
    }
  });

  it("finds nothing in a span without messages, and everything when the span is open", () => {
    expect(idsInSpans(ids, [["15000", "15000"]], { limit: 10 })).toEqual([]);
    expect(idsInSpans(ids, [["0", null]], { limit: 10_000 })).toEqual([...all].sort(byNumber).reverse());
  });
});
