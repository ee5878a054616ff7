// The contract every state store adapter passes: the same answers from MemoryStore, SqliteStore
// and RedisStore for the same calls, hostile input included. The state tests register it with a
// factory per adapter: packages/framework/test/state.test.ts and packages/cluster/test/state.test.ts.
import { MemoryLogger, Scheduler, StateError, type StateStore, SystemClock } from "@chatbot/framework";
import { describe, expect, it } from "vitest";

/** A clock the test moves by hand. */
export interface HandClock {
  now(): number;
  advance(ms: number): number;
}

/** A store on `clock`, with data of its own (no other store of the run sees its keys). */
export type StoreFactory = (clock: HandClock) => StateStore | Promise<StateStore>;

function handClock(start = 1_700_000_000_000): HandClock {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** How deep the stores nest a value (see docs/state.md). */
const MAX_DEPTH = 100;

/** Arrays nested `depth` deep around `inner`. */
function nested(depth: number, inner: unknown = 0): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Asserts a call was refused with a StateError of `code` whose message holds each of `text`. */
async function refused(call: Promise<unknown>, code: string, ...text: string[]): Promise<void> {
  const error: unknown = await call.then(
    () => expect.fail(`expected a StateError "${code}", got an answer`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StateError);
  expect(error).toMatchObject({ code });
  for (const t of text) expect((error as Error).message).toContain(t);
}

/** Registers the contract's tests for the adapter `name`, each on a new store from `make`. */
export function storeContract(name: string, make: StoreFactory): void {
  describe(`${name} keeps the store contract`, () => {
    it("gets, sets, overwrites and deletes", async () => {
      const store = await make(handClock());
      expect(await store.get("a")).toBeUndefined();
      await store.set("a", { n: 1, list: [true, null, "x"] });
      expect(await store.get("a")).toEqual({ n: 1, list: [true, null, "x"] });
      await store.set("a", 2);
      expect(await store.get("a")).toBe(2);
      expect(await store.delete("a")).toBe(true);
      expect(await store.delete("a")).toBe(false);
      expect(await store.get("a")).toBeUndefined();
    });

    it("updates as one step and compares as JSON", async () => {
      const store = await make(handClock());
      await Promise.all(Array.from({ length: 20 }, () => store.update<number>("n", (n) => (n ?? 0) + 1)));
      expect(await store.get("n")).toBe(20);
      expect(await store.update("n", () => undefined)).toBeUndefined();
      expect(await store.get("n")).toBeUndefined();
      expect(await store.compareAndSet("o", undefined, { a: 1, b: [2] })).toBe(true);
      expect(await store.compareAndSet("o", undefined, 1)).toBe(false);
      expect(await store.compareAndSet<unknown>("o", { a: 1, b: [3] }, 1)).toBe(false);
      expect(await store.compareAndSet<unknown>("o", { a: 1, b: [2] }, "next")).toBe(true);
      expect(await store.compareAndSet("o", "next", undefined)).toBe(true);
      expect(await store.get("o")).toBeUndefined();
    });

    it("lists by prefix in code point order, at most limit live entries", async () => {
      const clock = handClock();
      const store = await make(clock);
      // Code point order (UTF-8's byte order): U+FFFF comes before an astral character, although
      // its UTF-16 code unit is above the astral one's high surrogate.
      const keys = ["a", "a:1", "a:2", "ab", "b", "é", "\uFFFF", "😀"];
      for (const key of [...keys].reverse()) await store.set(key, key);
      expect((await store.list("")).map((e) => e.key)).toEqual(keys);
      expect((await store.list("a")).map((e) => e.key)).toEqual(["a", "a:1", "a:2", "ab"]);
      expect(await store.list("a:", { limit: 1 })).toEqual([{ key: "a:1", value: "a:1", expiresAt: null }]);
      expect(await store.list("c")).toEqual([]);
      // An expired entry does not take a place of the limit.
      await store.set("a:0", 0, { ttlMs: 10 });
      clock.advance(10);
      expect((await store.list("a:", { limit: 2 })).map((e) => e.key)).toEqual(["a:1", "a:2"]);
      await refused(store.list("", { limit: 0 }), "bad_limit");
    });

    it("lists by any well-formed prefix, astral and highest characters at its end included", async () => {
      const store = await make(handClock());
      const keys = [
        "p:\uD7FF",
        "p:\uD7FFx",
        "p:\uE000",
        "p:\uFFFF",
        "p:\uFFFFx",
        "p:👍🏾",
        "p:👍🏿",
        "p:👍🏿x",
        "p:😀",
        "p:\u{10FFFF}",
        "p:\u{10FFFF}\u{10FFFF}",
        "q",
        "\u{10FFFF}a",
      ];
      for (const key of keys) await store.set(key, 1);
      const listed = async (prefix: string) => (await store.list(prefix)).map((e) => e.key);
      expect(await listed("p:\uD7FF")).toEqual(["p:\uD7FF", "p:\uD7FFx"]);
      expect(await listed("p:\uFFFF")).toEqual(["p:\uFFFF", "p:\uFFFFx"]);
      expect(await listed("p:👍🏿")).toEqual(["p:👍🏿", "p:👍🏿x"]);
      expect(await listed("p:👍")).toEqual(["p:👍🏾", "p:👍🏿", "p:👍🏿x"]);
      expect(await listed("p:\u{10FFFF}")).toEqual(["p:\u{10FFFF}", "p:\u{10FFFF}\u{10FFFF}"]);
      expect(await listed("p:")).toEqual(keys.slice(0, -2));
      expect(await listed("\u{10FFFF}")).toEqual(["\u{10FFFF}a"]);
      expect(await listed("")).toEqual(keys);
      expect(await store.namespace("p").list("👍🏿")).toEqual([
        { key: "👍🏿", value: 1, expiresAt: null },
        { key: "👍🏿x", value: 1, expiresAt: null },
      ]);
    });

    it("forgets a value when its time to live is over, on the store's clock", async () => {
      const clock = handClock();
      const store = await make(clock);
      await store.set("t", true, { ttlMs: 1_000 });
      expect(await store.list("t")).toEqual([{ key: "t", value: true, expiresAt: clock.now() + 1_000 }]);
      clock.advance(999);
      expect(await store.get("t")).toBe(true);
      clock.advance(1);
      expect(await store.get("t")).toBeUndefined();
      expect(await store.list("t")).toEqual([]);
      expect(await store.delete("t")).toBe(false);
      // An expired value counts as none for compare-and-set; update keeps an expiry without ttlMs.
      expect(await store.compareAndSet("t", undefined, 1, { ttlMs: 500 })).toBe(true);
      expect(await store.update<number>("t", (n) => (n ?? 0) + 1)).toBe(2);
      clock.advance(500);
      expect(await store.get("t")).toBeUndefined();
      await refused(store.set("t", 1, { ttlMs: 0 }), "bad_ttl");
    });

    it("keeps one value per well-formed key, and refuses a key with a lone surrogate", async () => {
      const store = await make(handClock());
      // Distinct keys stay distinct: no two of them are one key in any store.
      const keys = ["k:😀", "k:😁", "k:\uFFFD", "k:\u0000", "k:\u0000\u0000", "k:é", "k:e\u0301"];
      for (const [i, key] of keys.entries()) await store.set(key, i);
      for (const [i, key] of keys.entries()) expect(await store.get(key)).toBe(i);
      expect(await store.list("k:")).toHaveLength(keys.length);

      for (const key of ["ls:\uD800", "ls:\uDBFF", "ls:\uDC00x", "ls:a\uD83D", "ls:\uDE00\uD83D"]) {
        const named = JSON.stringify(key);
        const rule = "well-formed Unicode";
        await refused(store.set(key, 1), "bad_key", named, rule);
        await refused(store.get(key), "bad_key", named, rule);
        await refused(
          store.update(key, () => 1),
          "bad_key",
          named,
        );
        await refused(store.compareAndSet(key, undefined, 1), "bad_key", named);
        await refused(store.delete(key), "bad_key", named);
        await refused(store.namespace("ls").set(key.slice(3), 1), "bad_key", JSON.stringify(key.slice(3)));
        expect(() => store.namespace(key)).toThrow(StateError);
      }
      expect(await store.list("ls:")).toEqual([]);
      await refused(store.set("", 1), "bad_key");
      await refused(store.set("x".repeat(513), 1), "bad_key", "513 characters");
      await refused(store.get(7 as unknown as string), "bad_key", "number");
    });

    it("refuses a cyclic or too deep value, naming the key, and writes nothing", async () => {
      const store = await make(handClock());
      await store.set("v", "before");
      const cyclic: Record<string, unknown> = { a: { b: 1 } };
      (cyclic.a as Record<string, unknown>).back = cyclic;
      const cyclicArray: unknown[] = [1];
      cyclicArray.push({ list: cyclicArray });
      const deep = nested(10_000);
      const tooDeep = nested(MAX_DEPTH + 1);
      const writes: Array<[unknown, string]> = [
        [cyclic, "value.a.back is cyclic (it is value again)"],
        [cyclicArray, "value[1].list is cyclic (it is value again)"],
        [deep, `nested deeper than ${MAX_DEPTH}`],
        [tooDeep, `nested deeper than ${MAX_DEPTH}`],
      ];
      for (const [bad, rule] of writes) {
        const named = 'the value of "v" must be JSON';
        await refused(store.set("v", bad), "bad_value", named, rule);
        await refused(
          store.update("v", () => bad),
          "bad_value",
          named,
          rule,
        );
        await refused(store.compareAndSet("v", "before", bad), "bad_value", named, rule);
        await refused(store.compareAndSet("v", bad, 1), "bad_value", named, rule);
        await refused(store.namespace("ns").set("v", bad), "bad_value", '"ns:v"', rule);
      }
      expect(await store.get("v")).toBe("before");
      expect(await store.list("ns:")).toEqual([]);

      // At the limit, and a value shared (not cyclic), are JSON: kept and read back.
      await store.set("v", nested(MAX_DEPTH));
      expect(await store.get("v")).toEqual(nested(MAX_DEPTH));
      const shared = { x: 1 };
      await store.set("v", { a: shared, b: [shared, shared] });
      expect(await store.get("v")).toEqual({ a: { x: 1 }, b: [{ x: 1 }, { x: 1 }] });
      // Lone surrogates in a value's strings are JSON (escaped): they come back as they were.
      await store.set("v", { "\uDC00": "\uD800" });
      expect(await store.get("v")).toEqual({ "\uDC00": "\uD800" });
    });

    it("refuses a job whose payload is cyclic or too deep, or whose key is not well-formed", async () => {
      const clock = handClock();
      const store = await make(clock);
      const scheduler = new Scheduler(
        store,
        new SystemClock(),
        new MemoryLogger(),
        new Set(["n"]),
        async () => {},
      );
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      const due = clock.now() + 1_000;
      await refused(scheduler.schedule(due, "n", cyclic), "bad_value", '"job n"', "value.self is cyclic");
      await refused(scheduler.schedule(due, "n", nested(10_000)), "bad_value", '"job n"', "deeper than");
      await refused(scheduler.schedule(due, "n", 1, { key: "j:\uD800" }), "bad_key", '"j:\\ud800"');
      const cancel = (async () => scheduler.cancel("j:\uDBFF"))();
      await refused(cancel, "bad_key", '"j:\\udbff"');
      expect(await store.jobs.list()).toEqual([]);

      await scheduler.schedule(due, "n", nested(MAX_DEPTH), { key: "j:😀" });
      expect(await scheduler.list()).toMatchObject([{ key: "j:😀", dueAt: due, payload: nested(MAX_DEPTH) }]);
      expect(await scheduler.cancel("j:😀")).toBe(true);
    });

    it("refuses a prefix that is not a well-formed string, naming it", async () => {
      const store = await make(handClock());
      await store.set("null", 1);
      for (const bad of [null, undefined, 42, { toString: () => "n" }, "\uD83D", "a\uDFFF"]) {
        const prefix = bad as string;
        await refused(store.list(prefix), "bad_prefix", "prefix");
        await refused(store.namespace("ns").list(prefix), "bad_prefix", "prefix");
      }
    });

    it("is refused after close()", async () => {
      const store = await make(handClock());
      await store.close();
      await refused(store.get("a"), "closed");
      await refused(store.set("a", 1), "closed");
      await refused(store.list(""), "closed");
    });
  });
}
