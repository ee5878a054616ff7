import { describe, expect, it } from "vitest";
import { SortedIds } from "./sorted-ids.js";

function page(ids: SortedIds, range: { before?: string; after?: string }, limit: number): string[] {
  const out: string[] = [];
  ids.walk(range, (id) => {
    out.push(id);
    return out.length < limit;
  });
  return out;
}

describe("SortedIds", () => {
  const ids = new SortedIds();
  // Inserted out of order, and with lengths that sort differently as text than as numbers.
  for (const id of ["900", "10000", "2", "55", "1000", "99999999999999999999", "18446744073709551615"])
    ids.insert(id);

  it("keeps ids in numeric order, never text order", () => {
    expect(ids.toArray()).toEqual([
      "2",
      "55",
      "900",
      "1000",
      "10000",
      "18446744073709551615",
      "99999999999999999999",
    ]);
  });

  it.each([
    {
      name: "newest first",
      range: {},
      limit: 3,
      expected: ["99999999999999999999", "18446744073709551615", "10000"],
    },
    { name: "before an id", range: { before: "1000" }, limit: 2, expected: ["900", "55"] },
    {
      name: "before an id that is not stored",
      range: { before: "901" },
      limit: 5,
      expected: ["900", "55", "2"],
    },
    {
      name: "after an id: the ones just after it",
      range: { after: "55" },
      limit: 2,
      expected: ["900", "1000"],
    },
    {
      name: "between after and before",
      range: { after: "2", before: "1000" },
      limit: 10,
      expected: ["55", "900"],
    },
    { name: "after the newest: nothing", range: { after: "99999999999999999999" }, limit: 10, expected: [] },
  ])("$name", ({ range, limit, expected }) => {
    expect(page(ids, range, limit)).toEqual(expected);
  });

  it("removes ids and ignores repeats", () => {
    const set = new SortedIds();
    set.insert("5");
    set.insert("5");
    set.insert("3");
    set.remove("5");
    set.remove("42");
    expect(set.toArray()).toEqual(["3"]);
  });
});
