import { readFileSync, writeFileSync } from "node:fs";
import type { Message } from "@chatbot/protocol";
import type { Outcome, TestWorld } from "@chatbot/testing";
import fc from "fast-check";

// The kill -9 probe of conversations (issue "Exactly once, as people see it"), for a bot in one
// process (framework/test/conversations-kill.test.ts) or on a cluster (cluster/test/...): three-step
// conversations started by `/survey` (test-support/probe-bot.mjs), spread over two servers, three
// channels each and eight people, plain messages between their answers, and kills of the bot's
// processes at instants drawn from a seed, some while its posts wait out latency or 429 faults.
// Then every transcript is read back from the service and checked.

/** The world the probe runs in: make it with the test's own `createTestWorld`. */
export const PROBE_WORLD = {
  people: ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"],
  servers: {
    s1: { channels: { c1: {}, c2: {}, c3: {} } },
    s2: { channels: { c1: {}, c2: {}, c3: {} } },
  },
  app: { intents: ["guilds", "guild_messages", "message_content"] },
  rateLimits: false,
} as const;

/** The bot under the probe: its processes, started, killed and started again. */
export interface ProbeTarget {
  /** Kills one of the bot's processes (SIGKILL; `which` is a drawn number to pick one by) and waits `downMs`. */
  kill(which: number, downMs: number): Promise<void>;
  /** Starts again what {@link kill} killed; resolves once it runs. */
  restart(): Promise<void>;
  /** How many processes of the bot were started in all. */
  readonly started: number;
}

export interface ProbeOptions {
  readonly seed: number;
  /** Conversations in all (100). */
  readonly conversations?: number;
  /** Kills in all (15). */
  readonly kills?: number;
  /** Conversations under way at once (16). */
  readonly atOnce?: number;
  /** The file the bot's listener writes its journal to (its PROBE_JOURNAL). */
  readonly journal: string;
  /** The conversations' timeout (the bot's PROBE_TIMEOUT), in ms. */
  readonly timeoutMs: number;
  /**
   * How long a person who stopped answering waits for the timeout text (60 s). On a cluster a
   * timeout job claimed by a worker killed meanwhile comes back once its claim runs out (60 s).
   */
  readonly endWaitMs?: number;
  /** The store keys of conversations still waiting at the end (none may be). */
  readonly leftWaiting?: () => Promise<string[]>;
}

/** What a probe found: every wrong thing in words (none, when right), and what it saw. */
export interface ProbeResult {
  readonly wrong: string[];
  readonly posted: number;
  readonly plains: number;
  readonly processes: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A conversation's script: bad answers at step b, ended by an answer or left to time out. */
const scriptArb = fc.record({
  bad: fc.integer({ min: 0, max: 2 }),
  leave: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  plain: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 2 }),
});
/** A kill: after how long, which process, how long down, and a fault on the bot's posts before it. */
const killArb = fc.record({
  afterMs: fc.integer({ min: 500, max: 4_000 }),
  which: fc.nat(),
  downMs: fc.integer({ min: 0, max: 1_500 }),
  fault: fc.constantFrom("none", "none", "latency", "429"),
});

type Place = { s: "s1" | "s2"; c: "c1" | "c2" | "c3"; p: string };

/** Runs the probe on `w` against `target` (the bot running already); answers what it found. */
export async function runConversationProbe(
  w: TestWorld,
  target: ProbeTarget,
  options: ProbeOptions,
): Promise<ProbeResult> {
  const { seed, journal } = options;
  const count = options.conversations ?? 100;
  const plan = fc.sample(
    fc.record({
      scripts: fc.array(scriptArb, { minLength: count, maxLength: count }),
      kills: fc.array(killArb, { minLength: options.kills ?? 15, maxLength: options.kills ?? 15 }),
    }),
    { seed, numRuns: 1 },
  )[0]!;
  writeFileSync(journal, "", { flag: "a" });
  // The world's clock follows real time, so latency faults end and interactions expire.
  const ticker = setInterval(() => void w.clock.advance(250), 250);
  const places: Place[] = (["s1", "s2"] as const).flatMap((s) =>
    (["c1", "c2", "c3"] as const).flatMap((c) => PROBE_WORLD.people.map((p) => ({ s, c, p }))),
  );
  const channelOf = (at: Place) => w.servers[at.s]!.channels[at.c]!;
  const channelIds = [...new Set(places.map((at) => channelOf(at).id))];

  // Every message of the bot, read over REST as it comes (the service's view, not the bot's).
  const posted = new Map<string, Message>();
  const after = new Map<string, string>();
  const read = async () => {
    for (const id of channelIds) {
      for (;;) {
        const from = after.get(id);
        const url = `${w.baseUrl}/v1/channels/${id}/messages?limit=100${from ? `&after=${from}` : ""}`;
        const answer = await fetch(url, { headers: { authorization: `Bot ${w.token}` } });
        const page = (await answer.json()) as Message[];
        for (const m of page) if (m.author.id === w.app.userId) posted.set(m.id, m);
        if (page.length === 0) break;
        after.set(
          id,
          page.reduce((a, m) => (BigInt(m.id) > BigInt(a) ? m.id : a), from ?? "0"),
        );
        if (page.length < 100) break;
      }
    }
  };
  const texts = () => [...posted.values()].map((m) => m.content);
  const waitFor = async (match: (text: string) => boolean, ms: number) => {
    for (const until = Date.now() + ms; Date.now() < until; await sleep(100)) {
      if (texts().some(match)) return true;
    }
    return false;
  };
  let reading = true;
  const reader = (async () => {
    for (; reading; await sleep(100)) await read().catch(() => undefined);
  })();

  let running = true;
  const refused: string[] = [];
  const stuck: string[] = [];
  const plains: string[] = [];
  const converse = async (tag: string, script: (typeof plan.scripts)[number], at: Place) => {
    const person = w.people[at.p]!;
    const channel = channelOf(at);
    const say = (text: string) => person.say(channel, text);
    const plain = async () => {
      for (const ms of script.plain) plains.push((await say(`plain ${tag} ${ms}`)).id);
    };
    const ended = (text: string) => text === `[${tag}] done` || text.startsWith(`[${tag}] timed out at `);
    const next = async (text: string, what: string, ms = 40_000) => {
      if (!(await waitFor((t) => t === text || ended(t), ms))) throw new Error(`${tag}: no ${what}`);
      return texts().some(ended);
    };
    // The first question is the command's answer: the command is used again only when it never came.
    for (let attempt = 0; ; attempt++) {
      while (!running) await sleep(50);
      const outcome: Outcome = await person.use(channel, "/survey", { tag });
      if (await waitFor((t) => t === `[${tag}] question a`, 12_000)) break;
      await outcome.settled({ timeoutMs: 5_000 }).catch(() => undefined);
      const said = outcome
        .toJSON()
        .messages.map((m) => m.content)
        .join(" ");
      if (said.includes("in the middle")) refused.push(`${tag}: ${said}`);
      if (attempt > 20) throw new Error(`${tag}: the first question never came`);
    }
    await plain();
    await say(`answer ${tag} a`);
    if (await next(`[${tag}] question b`, "question b")) return;
    for (let i = 1; i <= script.bad; i++) {
      await say(`answer ${tag} b bad`);
      if (await next(`[${tag}] again ${i}`, `again ${i}`)) return;
    }
    await plain();
    await say(`answer ${tag} b`);
    if (await next(`[${tag}] question c`, "question c")) return;
    if (!script.leave) await say(`answer ${tag} c`);
    if (!(await waitFor(ended, options.endWaitMs ?? 60_000))) throw new Error(`${tag}: never ended`);
  };

  const killer = (async () => {
    for (const kill of plan.kills) {
      await sleep(kill.afterMs);
      const posts = { method: "POST" as const, pathPrefix: "/v1/channels/" };
      if (kill.fault === "latency") await w.faults.latency(2_000, { ...posts, count: 3 });
      if (kill.fault === "429") await w.faults.http(429, { ...posts, count: 2, retryAfter: 1 });
      if (kill.fault !== "none") await sleep(300);
      running = false;
      await target.kill(kill.which, 0);
      await w.faults.clear();
      await sleep(kill.downMs);
      await target.restart();
      running = true;
    }
  })();

  const tags = plan.scripts.map((script, i) => ({ tag: `t${seed}x${i}`, script }));
  const queue = [...tags];
  const busy = new Set<string>();
  const workers = Array.from({ length: options.atOnce ?? 16 }, async (_, worker) => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const free = places.filter((p) => !busy.has(`${p.s}${p.c}${p.p}`));
      const at = free[(seed + worker * 7 + queue.length * 13) % free.length]!;
      busy.add(`${at.s}${at.c}${at.p}`);
      try {
        await converse(next.tag, next.script, at);
      } catch (error) {
        // A conversation that stopped moving: said with what its person saw, and the probe goes on.
        const seen = texts().filter((t) => t.startsWith(`[${next.tag}] `));
        stuck.push(`${String(error)} at ${at.s}/${at.c} for ${at.p} (saw: ${seen.join(" | ")})`);
      } finally {
        busy.delete(`${at.s}${at.c}${at.p}`);
      }
    }
  });
  try {
    await Promise.all([...workers, killer]);
    // The last plain messages and marks settle.
    await sleep(1_500);
  } finally {
    reading = false;
    await reader;
    clearInterval(ticker);
  }
  await read();

  const wrong: string[] = [];
  const counts = new Map<string, number>();
  for (const t of texts()) counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const [t, n] of counts) if (n > 1) wrong.push(`posted ${n} times: ${t}`);
  for (const { tag } of tags) {
    const mine = texts().filter((t) => t.startsWith(`[${tag}] `));
    const endings = mine.filter((t) => t === `[${tag}] done` || t.startsWith(`[${tag}] timed out`));
    if (endings.length !== 1) wrong.push(`${tag}: ${endings.length} endings (${mine.join(" | ")})`);
    for (const [step, later] of [
      ["a", ["b", "c"]],
      ["b", ["c"]],
    ] as const) {
      if (
        later.some((s) => mine.includes(`[${tag}] question ${s}`)) &&
        !mine.includes(`[${tag}] question ${step}`)
      )
        wrong.push(`${tag}: question ${step} missing before a later one`);
    }
  }
  wrong.push(...stuck);
  wrong.push(...refused.map((r) => `told "in the middle" of one never seen: ${r}`));
  // The journal's lines are in the order they were written, whichever process wrote them.
  const finished = new Set<string>();
  const pids: string[] = [];
  const lines = readFileSync(journal, "utf8").split("\n").filter(Boolean);
  for (const line of lines) {
    const [pid, what, id, , tag, step] = line.split(" ") as [string, string, string, string, string, string];
    if (!pids.includes(pid)) pids.push(pid);
    // An answer that came after its question's deadline is a plain message: the conversation timed out.
    if (what === "answer" && !texts().includes(`[${tag}] timed out at ${step}`))
      wrong.push(`an answer reached the listeners: ${line}`);
    if (what === "begin" && finished.has(id))
      wrong.push(`plain message ${id} handled again by pid ${pid} after it finished`);
    if (what === "end") finished.add(id);
  }
  for (const id of plains) {
    if (finished.has(id)) continue;
    const begun = lines.filter((l) => l.endsWith(` begin ${id}`)).map((l) => l.split(" ")[0]);
    wrong.push(
      `plain message ${id} never handled (${begun.length ? `begun by pid ${begun.join(", ")}` : "never begun"})`,
    );
  }
  for (const key of (await options.leftWaiting?.()) ?? []) wrong.push(`left waiting: ${key}`);
  return { wrong, posted: posted.size, plains: plains.length, processes: target.started };
}
