import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hasNodeSqlite, sqliteDrivers } from "@chatbot/kit/sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { storeContract } from "../../../test-support/store-contract.js";
import {
  Command,
  CommandContext,
  type JobInfo,
  Listener,
  MemoryStore,
  OnSchedule,
  Option,
  RestClient,
  Scheduler,
  SqliteStore,
  StateError,
  StateStore,
} from "../src/index.js";
import { startedBot, world } from "./support.js";

const dir = mkdtempSync(join(tmpdir(), "state-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A clock the test moves by hand. */
function handClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

// SqliteStore on every driver this Node line can use: node:sqlite on 22.13 and later, and
// better-sqlite3 where it is installed and built for this Node (on Node 20, the only one).
const adapters: Array<[string, (clock: { now(): number }) => StateStore]> = [
  ["MemoryStore", (clock) => new MemoryStore({ clock })],
  ...sqliteDrivers().map((driver): [string, (clock: { now(): number }) => StateStore] => [
    `SqliteStore on ${driver}`,
    (clock) => new SqliteStore({ path: join(dir, `store-${++files}.db`), clock, driver }),
  ]),
];

// What every adapter answers alike, Redis's too (packages/cluster/test/state.test.ts).
for (const [name, make] of adapters) storeContract(name, make);

describe.each(adapters)("%s", (_name, make) => {
  it("keeps typed values under keys, lists them by prefix, and removes them", async () => {
    const store = make(handClock());
    await store.set("poll:1", { question: "Lunch?", votes: { yes: 2 } });
    await store.set("poll:2", { question: "Tea?", votes: {} });
    await store.set("other", 1);
    expect(await store.get<{ question: string }>("poll:1")).toEqual({
      question: "Lunch?",
      votes: { yes: 2 },
    });
    expect(await store.get("missing")).toBeUndefined();
    expect((await store.list("poll:")).map((e) => e.key)).toEqual(["poll:1", "poll:2"]);
    expect(await store.list("poll:", { limit: 1 })).toEqual([
      { key: "poll:1", value: { question: "Lunch?", votes: { yes: 2 } }, expiresAt: null },
    ]);
    expect(await store.delete("poll:1")).toBe(true);
    expect(await store.delete("poll:1")).toBe(false);
    expect((await store.list("")).map((e) => e.key)).toEqual(["other", "poll:2"]);
    await store.close();
  });

  it("forgets a value when its time to live is over, on the store's clock", async () => {
    const clock = handClock();
    const store = make(clock);
    await store.set("cooldown", true, { ttlMs: 1_000 });
    clock.advance(999);
    expect(await store.get("cooldown")).toBe(true);
    expect((await store.list("cool"))[0]!.expiresAt).toBe(clock.now() + 1);
    clock.advance(1);
    expect(await store.get("cooldown")).toBeUndefined();
    expect(await store.list("cool")).toEqual([]);
    // An update without ttlMs keeps the expiry the value had.
    await store.set("n", 1, { ttlMs: 500 });
    await store.update<number>("n", (n) => (n ?? 0) + 1);
    clock.advance(500);
    expect(await store.get("n")).toBeUndefined();
    await store.close();
  });

  it("updates atomically: 100 concurrent increments of one key lose none", async () => {
    const store = make(handClock());
    await Promise.all(Array.from({ length: 100 }, () => store.update<number>("count", (n) => (n ?? 0) + 1)));
    expect(await store.get("count")).toBe(100);
    // undefined removes.
    expect(await store.update("count", () => undefined)).toBeUndefined();
    expect(await store.get("count")).toBeUndefined();
    await store.close();
  });

  it("compares and sets: only the writer that saw the current value wins", async () => {
    const store = make(handClock());
    expect(await store.compareAndSet("owner", undefined, "ada")).toBe(true);
    expect(await store.compareAndSet("owner", undefined, "bob")).toBe(false);
    expect(await store.compareAndSet("owner", "bob", "cy")).toBe(false);
    expect(await store.compareAndSet("owner", "ada", undefined)).toBe(true);
    expect(await store.get("owner")).toBeUndefined();
    await store.close();
  });

  it("namespaces keep parts of a bot apart", async () => {
    const store = make(handClock());
    const polls = store.namespace("polls");
    await polls.set("1", "open");
    await store.namespace("votes").set("1", "yes");
    expect(await store.get("polls:1")).toBe("open");
    expect(await polls.list("")).toEqual([{ key: "1", value: "open", expiresAt: null }]);
    await store.close();
  });

  it("refuses what it cannot keep, naming the key and the rule", async () => {
    const store = make(handClock());
    await expect(store.set("a", { when: new Date(0) })).rejects.toThrow(
      'store: the value of "a" must be JSON: value.when is a Date (only plain objects)',
    );
    await expect(store.set("a", { n: Number.NaN })).rejects.toThrow("value.n is NaN (not a finite number)");
    await expect(store.set("a", undefined)).rejects.toThrow("value is undefined");
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic.self = cyclic;
    await expect(store.set("a", cyclic)).rejects.toThrow("value.self is cyclic (it is value again)");
    await expect(store.set("a", { list: [1, [2, { f: () => 1 }]] })).rejects.toThrow(
      "value.list[1][1].f is a function",
    );
    let deep: unknown = 1;
    for (let i = 0; i < 101; i++) deep = { d: deep };
    await expect(store.set("a", deep)).rejects.toThrow("value is nested deeper than 100 objects and arrays");
    await expect(store.set("", 1)).rejects.toThrow("store: a key must be a non-empty string");
    await expect(store.set("a", 1, { ttlMs: 0 })).rejects.toThrow(
      "ttlMs must be a number of milliseconds above 0",
    );
    await expect(store.list("", { limit: 0 })).rejects.toBeInstanceOf(StateError);
    // Nothing was written by a refused call.
    expect(await store.get("a")).toBeUndefined();
    // 100 levels are kept, and an object met twice (not inside itself) is written twice.
    await store.set("a", (deep as { d: unknown }).d);
    const shared = { x: 1 };
    await store.set("b", { one: shared, two: [shared] });
    expect(await store.get("b")).toEqual({ one: { x: 1 }, two: [{ x: 1 }] });
    await store.close();
    await expect(store.get("a")).rejects.toThrow("used after close()");
  });
});

describe("SqliteStore", () => {
  it("runs on node:sqlite where the Node line has it, else on better-sqlite3", async () => {
    const store = new SqliteStore({ path: join(dir, `store-${++files}.db`) });
    expect(store.driver).toBe(hasNodeSqlite() ? "node:sqlite" : "better-sqlite3");
    await store.close();
  });

  it("two stores on one file (two processes) never lose each other's updates", async () => {
    const path = join(dir, "shared.db");
    // Where the line has both drivers, one store on each: they share the file format and locks.
    const [first, second = first] = sqliteDrivers();
    const a = new SqliteStore({ path, driver: first! });
    const b = new SqliteStore({ path, driver: second! });
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).update<number>("count", (n) => (n ?? 0) + 1)),
    );
    expect(await a.get("count")).toBe(100);
    await a.close();
    await b.close();
    // Reopened: everything written is there.
    const again = new SqliteStore({ path });
    expect(await again.get("count")).toBe(100);
    await again.close();
  });
});

// A poll bot on the store and the scheduler, against the reference server.
@Command({ name: "poll", description: "Opens a poll that closes itself" })
class PollCommand {
  constructor(
    private readonly store: StateStore,
    private readonly scheduler: Scheduler,
  ) {}
  async run(ctx: CommandContext, @Option.string("question", "What to ask") question: string) {
    const id = ctx.interaction.id;
    await this.store.namespace("polls").set(id, { question, channelId: ctx.channelId, votes: 0 });
    await this.scheduler.schedule({ afterMs: 60_000 }, "poll-close", { id }, { key: `poll-close:${id}` });
    await ctx.reply(`poll ${id} open: ${question}`);
  }
}

@Command({ name: "vote", description: "Votes in the open poll" })
class VoteCommand {
  constructor(private readonly store: StateStore) {}
  async run(ctx: CommandContext, @Option.string("poll", "The poll's id") id: string) {
    const poll = await this.store
      .namespace("polls")
      .update<{ votes: number }>(id, (p) => (p ? { ...p, votes: p.votes + 1 } : undefined));
    await ctx.reply(poll ? `votes: ${poll.votes}` : "that poll is closed");
  }
}

const closed: JobInfo[] = [];

@Listener()
class PollCloser {
  constructor(
    private readonly store: StateStore,
    private readonly rest: RestClient,
  ) {}
  @OnSchedule("poll-close")
  async close(payload: { id: string }, job: JobInfo) {
    closed.push(job);
    const polls = this.store.namespace("polls");
    const poll = await polls.get<{ question: string; channelId: string; votes: number }>(payload.id);
    if (!poll) return;
    await polls.delete(payload.id);
    await this.rest.createMessage(poll.channelId, { content: `${poll.question}: ${poll.votes} vote(s)` });
  }
}

describe("the store and the scheduler in a bot", () => {
  it("time to live and jobs follow the world's clock; a poll stays open across a restart of the bot", async () => {
    const w = await world({ people: ["ada"] });
    const path = join(dir, "polls.db");
    const ada = w.person("ada");
    const general = w.channel("general");
    const say = async (command: string, options: Record<string, string>) =>
      (await (await ada.use(general, command, options)).answered()).answer!.content;
    const options = { commands: [PollCommand, VoteCommand], listeners: [PollCloser] };
    const first = await startedBot(w, { ...options, store: new SqliteStore({ path, clock: w.clock }) });
    const opened = await say("/poll", { question: "Lunch?" });
    const id = /^poll (\d+) open/.exec(opened)![1]!;
    expect(await say("/vote", { poll: id })).toBe("votes: 1");
    expect(await first.bot.scheduler.list()).toMatchObject([{ name: "poll-close", key: `poll-close:${id}` }]);

    // The bot stops (a deploy); another starts on the same file: the poll is still open.
    await first.bot.stop();
    const store = new SqliteStore({ path, clock: w.clock });
    await startedBot(w, { ...options, store });
    expect(await say("/vote", { poll: id })).toBe("votes: 2");

    // The world's clock fires the job: the results are posted, the poll is gone.
    await w.clock.advance(59_999);
    expect(closed).toHaveLength(0);
    await w.clock.advance(1);
    const results = await w.nextMessage(general, { from: w.app, matching: "Lunch?: 2 vote(s)" });
    expect(results.content).toBe("Lunch?: 2 vote(s)");
    expect(closed).toMatchObject([{ name: "poll-close", late: false, attempt: 1 }]);
    expect(await say("/vote", { poll: id })).toBe("that poll is closed");
    expect(await store.jobs.list()).toEqual([]);

    // A value's time to live runs on the same clock.
    await store.set("flag", 1, { ttlMs: 1_000 });
    await w.clock.advance(1_000);
    expect(await store.get("flag")).toBeUndefined();
    await store.close();
  });
});
