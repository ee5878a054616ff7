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

describe("SortedIds across many chunks", () => {
  /** A small fixed-seed generator, so a failure repeats. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32;
    };
  }
  const numeric = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

  it("answers every walk as a sorted array would, after interleaved inserts and removes", () => {
    const next = random(7);
    const ids = new SortedIds();
    const reference = new Set<string>();
    // Ids of 1 to 19 digits, so text order and numeric order disagree; mostly rising, as ids are.
    const make = (i: number) =>
      next() < 0.7
        ? String(1_000_000 + i * 3)
        : String(Math.floor(next() * 10 ** (1 + Math.floor(next() * 15))));
    for (let i = 0; i < 12_000; i++) {
      const id = make(i);
      if (next() < 0.3 && reference.size > 0) {
        const victim = [...reference][Math.floor(next() * reference.size)]!;
        ids.remove(victim);
        reference.delete(victim);
      } else {
        ids.insert(id);
        reference.add(id);
      }
    }
    // Remove most of a stretch, so chunks shrink and join.
    for (const id of [...reference].sort(numeric).slice(2_000, 6_000)) {
      ids.remove(id);
      reference.delete(id);
    }
    const sorted = [...reference].sort(numeric);
    expect(ids.size).toBe(sorted.length);
    expect(ids.toArray()).toEqual(sorted);
    const probes = [...sorted.filter((_, i) => i % 97 === 0), "0", "5", "99999999999999999999"];
    for (const after of [undefined, ...probes.slice(0, 20)]) {
      for (const before of [undefined, ...probes.slice(10, 40)]) {
        const inside = sorted.filter(
          (id) =>
            (after === undefined || numeric(id, after) > 0) &&
            (before === undefined || numeric(id, before) < 0),
        );
        const down: string[] = [];
        ids.walkDown({ after, before }, (id) => down.push(id) < 150);
        expect(down).toEqual([...inside].reverse().slice(0, 150));
        const up: string[] = [];
        ids.walkUp({ after, before }, (id) => up.push(id) < 150);
        expect(up).toEqual(inside.slice(0, 150));
      }
    }
  });
});
