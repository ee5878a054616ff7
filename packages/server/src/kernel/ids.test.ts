import { describe, expect, it } from "vitest";
import { IdsExhaustedError } from "./errors/http-errors.js";
import { compareIds, ID_EPOCH, IdGenerator, idTimestamp, isSnowflake, snowflakeString } from "./ids.js";

describe("IdGenerator", () => {
  it("makes strictly rising ids within one millisecond and carries the time", () => {
    const ids = new IdGenerator(() => 1_750_000_000_000);
    const made = Array.from({ length: 1_000 }, () => ids.next());
    for (let i = 1; i < made.length; i++) expect(compareIds(made[i - 1]!, made[i]!)).toBeLessThan(0);
    expect(idTimestamp(made[0]!)).toBe(1_750_000_000_000);
    expect(made.every(isSnowflake)).toBe(true);
  });

  it("after observing ids of the same millisecond, makes only later ones", () => {
    const at = 1_750_000_000_000;
    const first = new IdGenerator(() => at);
    const made = Array.from({ length: 5 }, () => first.next());
    const again = new IdGenerator(() => at);
    for (const id of [made[3]!, made[1]!, made[4]!, made[0]!]) again.observe(id);
    expect(compareIds(again.next(), made[4]!)).toBeGreaterThan(0);
  });

  it("after observing an id of another worker, makes only later ones", () => {
    const at = 1_750_000_000_000;
    const ms = at - 1_704_067_200_000;
    for (const low of [(4 << 17) | 9, (1 << 17) | 5, 3, (31 << 17) | 0x1ffff]) {
      const ids = new IdGenerator(() => at);
      const seen = snowflakeString(ms, low);
      ids.observe(seen);
      const next = ids.next();
      expect(compareIds(next, seen)).toBeGreaterThan(0);
      expect(isSnowflake(next)).toBe(true);
    }
  });

  it("compares as numbers, not text", () => {
    expect(compareIds("9", "10")).toBeLessThan(0);
    expect(compareIds("10", "9")).toBeGreaterThan(0);
    expect(compareIds("382495774879121408", "382495774879121409")).toBeLessThan(0);
    expect(compareIds("382495774879121408", "382495774879121408")).toBe(0);
    // Leading zeros (a seed may write them) still compare by value.
    expect(compareIds("0010", "9")).toBeGreaterThan(0);
    expect(compareIds("7", "007")).toBe(0);
    expect(isSnowflake("18446744073709551616")).toBe(false);
    expect(isSnowflake("12a")).toBe(false);
  });
});

describe("snowflakeString", () => {
  it("writes ms · 2^22 + low exactly, as BigInt would, across the whole range", () => {
    const bigint = (ms: number, low: number) => ((BigInt(ms) << 22n) | BigInt(low)).toString();
    const edges = [0, 1, 999_999, 1_000_000, 2 ** 31, 2 ** 41, 2 ** 42 - 1];
    const lows = [0, 1, 131_072, 2 ** 22 - 1];
    for (const ms of edges) for (const low of lows) expect(snowflakeString(ms, low)).toBe(bigint(ms, low));
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return Math.floor((seed / 2_147_483_647) * below);
    };
    for (let i = 0; i < 10_000; i++) {
      const ms = random(2 ** 21) * 2 ** 21 + random(2 ** 21);
      const low = random(2 ** 22);
      expect(snowflakeString(ms, low)).toBe(bigint(ms, low));
    }
  });
});

describe("the id range", () => {
  it("refuses ids past 2^63-1 and never makes one", () => {
    expect(isSnowflake("9223372036854775807")).toBe(true);
    expect(isSnowflake("9223372036854775808")).toBe(false);
    expect(isSnowflake("18446744073709551615")).toBe(false);
    const ids = new IdGenerator(() => 1_750_000_000_000);
    // The last millisecond, this generator's worker (1), two sequences before the end.
    const lastOfMine = (((2n ** 41n - 1n) << 22n) | (1n << 17n) | (2n ** 17n - 3n)).toString();
    ids.observe(lastOfMine);
    expect(BigInt(ids.next())).toBe(BigInt(lastOfMine) + 1n);
    expect(BigInt(ids.next())).toBe(BigInt(lastOfMine) + 2n);
    expect(() => ids.next()).toThrow(IdsExhaustedError);
    expect(() => ids.next()).toThrow(IdsExhaustedError);
    // An id of a higher worker at the very end leaves no later id at all.
    const other = new IdGenerator(() => 1_750_000_000_000);
    other.observe("9223372036854775806");
    expect(() => other.next()).toThrow(IdsExhaustedError);
  });

  it("makes ids after an observed id of a higher worker in the same millisecond", () => {
    const at = 1_750_000_000_000;
    const foreign = ((BigInt(at - ID_EPOCH) << 22n) | (7n << 17n) | 3n).toString();
    const ids = new IdGenerator(() => at);
    ids.observe(foreign);
    expect(compareIds(ids.next(), foreign)).toBeGreaterThan(0);
  });

  it("keeps every made id within the range up to the end of its time part", () => {
    const end = ID_EPOCH + 2 ** 41 - 1;
    const ids = new IdGenerator(() => end);
    const made = Array.from({ length: 100 }, () => ids.next());
    expect(made.every(isSnowflake)).toBe(true);
    const late = new IdGenerator(() => end + 1);
    expect(() => late.next()).toThrow(IdsExhaustedError);
  });
});
