import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Message } from "@chatbot/protocol";
import type { Outcome } from "@chatbot/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONVERSATION_KEY_PREFIX, SqliteStore } from "../src/index.js";
import { fixtureProcesses } from "./fixture-processes.js";
import { world } from "./support.js";

// The kill -9 probe as a test: 100 three-step conversations started by a slash command, spread over
// two servers, three channels each and eight people, plain messages between their answers, and
// 15 SIGKILLs of the real bot process (plain node on the built packages, an SQLite file) at drawn
// instants, some while its posts wait out latency or 429 faults; each restart on the same file.
// Then every transcript is read back: each question, again, end and timeout text posted exactly
// once, none missing, every conversation ended once, no answer handed to the listeners, no plain
// message handled again after its handler finished, every plain message handled. The seed is
// printed; PROBE_SEED=<n> runs that one again, PROBE_RUNS=<n> runs n seeds in a row.

const { dir, start } = fixtureProcesses(new URL("./fixtures/probe-main.mjs", import.meta.url), "probe");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const killed = (child: ChildProcess) => {
  child.kill("SIGKILL");
  return new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
};

const CONVERSATIONS = 100;
const KILLS = 15;
const AT_ONCE = 16;
const TIMEOUT_MS = 8_000;

/** One conversation's script: bad answers at step b, ended by an answer or left to time out. */
const scriptArb = fc.record({
  bad: fc.integer({ min: 0, max: 2 }),
  leave: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  plain: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 2 }),
});
/** A kill: how long after the last restart, how long the bot stays down, and a fault before it. */
const killArb = fc.record({
  afterMs: fc.integer({ min: 500, max: 4_000 }),
  downMs: fc.integer({ min: 0, max: 1_500 }),
  fault: fc.constantFrom("none", "none", "latency", "429"),
});
const planArb = fc.record({
  scripts: fc.array(scriptArb, { minLength: CONVERSATIONS, maxLength: CONVERSATIONS }),
  kills: fc.array(killArb, { minLength: KILLS, maxLength: KILLS }),
});

async function probe(seed: number) {
  const plan = fc.sample(planArb, { seed, numRuns: 1 })[0]!;
  const people = Array.from({ length: 8 }, (_, i) => `p${i}`);
  const channels = { c1: {}, c2: {}, c3: {} };
  const w = await world({
    people,
    servers: { s1: { channels }, s2: { channels } },
    app: { intents: ["guilds", "guild_messages", "message_content"] },
  });
  // The world's clock follows real time, so latency faults end and interactions expire.
  const ticker = setInterval(() => void w.clock.advance(250), 250);
  const places = (["s1", "s2"] as const).flatMap((s) =>
    (["c1", "c2", "c3"] as const).flatMap((c) => people.map((p) => ({ s, c, p }))),
  );
  const channelOf = (s: "s1" | "s2", c: "c1" | "c2" | "c3") => w.servers[s].channels[c]!;
  const journal = join(dir, `journal-${seed}.log`);
  writeFileSync(journal, "");
  const env = {
    CHATBOT_TOKEN: w.token,
    CHATBOT_BASE_URL: w.baseUrl,
    CHATBOT_GATEWAY_URL: w.gatewayUrl,
    PROBE_STORE: join(dir, `probe-${seed}.db`),
    PROBE_JOURNAL: journal,
    PROBE_TIMEOUT: `${TIMEOUT_MS}ms`,
  };

  // Every message of the bot, read over REST as it comes (the world's own view, not the bot's).
  const posted = new Map<string, Message>();
  const after = new Map<string, string>();
  const channelIds = places
    .filter((p, i, all) => all.findIndex((q) => q.s === p.s && q.c === p.c) === i)
    .map((p) => channelOf(p.s, p.c).id);
  const read = async () => {
    for (const id of channelIds) {
      for (;;) {
        const from = after.get(id);
        const url = `${w.baseUrl}/v1/channels/${id}/messages?limit=100${from ? `&after=${from}` : ""}`;
        const page = (await (
          await fetch(url, { headers: { authorization: `Bot ${w.token}` } })
        ).json()) as Message[];
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
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (texts().some(match)) return true;
      await sleep(100);
    }
    return false;
  };
  let reading = true;
  const reader = (async () => {
    while (reading) {
      await read().catch(() => undefined);
      await sleep(100);
    }
  })();

  let bot = await start(env);
  let starts = 1;
  let running = true;
  const refused: string[] = [];
  const plains: string[] = [];

  const converse = async (
    tag: string,
    script: (typeof plan.scripts)[number],
    at: (typeof places)[number],
  ) => {
    const person = w.people[at.p]!;
    const channel = channelOf(at.s, at.c);
    const say = async (text: string) => {
      const m = await person.say(channel, text);
      return m;
    };
    const plain = async () => {
      for (const ms of script.plain) plains.push((await say(`plain ${tag} ${ms}`)).id);
    };
    const ended = (text: string) => text === `[${tag}] done` || text.startsWith(`[${tag}] timed out at `);
    // The first question is the command's answer: used again only when it never came.
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
    if (!(await waitFor((t) => t === `[${tag}] question b` || ended(t), 40_000)))
      throw new Error(`${tag}: no question b`);
    if (texts().some(ended)) return;
    for (let i = 1; i <= script.bad; i++) {
      await say(`answer ${tag} b bad`);
      if (!(await waitFor((t) => t === `[${tag}] again ${i}` || ended(t), 40_000)))
        throw new Error(`${tag}: no again ${i}`);
      if (texts().some(ended)) return;
    }
    await plain();
    await say(`answer ${tag} b`);
    if (!(await waitFor((t) => t === `[${tag}] question c` || ended(t), 40_000)))
      throw new Error(`${tag}: no question c`);
    if (texts().some(ended)) return;
    if (!script.leave) await say(`answer ${tag} c`);
    if (!(await waitFor(ended, 60_000))) throw new Error(`${tag}: never ended`);
  };

  const killer = (async () => {
    for (const kill of plan.kills) {
      await sleep(kill.afterMs);
      if (kill.fault === "latency")
        await w.faults.latency(2_000, { method: "POST", pathPrefix: "/v1/channels/", count: 3 });
      if (kill.fault === "429")
        await w.faults.http(429, { method: "POST", pathPrefix: "/v1/channels/", count: 2, retryAfter: 1 });
      if (kill.fault !== "none") await sleep(300);
      running = false;
      await killed(bot);
      await w.faults.clear();
      await sleep(kill.downMs);
      bot = await start(env);
      starts += 1;
      running = true;
    }
  })();

  const queue = plan.scripts.map((script, i) => ({ tag: `t${seed}x${i}`, script }));
  const busy = new Set<string>();
  const workers = Array.from({ length: AT_ONCE }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const free = places.filter((p) => !busy.has(`${p.s}${p.c}${p.p}`));
      const at = free[Number(BigInt(seed) % BigInt(free.length))]!;
      busy.add(`${at.s}${at.c}${at.p}`);
      try {
        await converse(next.tag, next.script, at);
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
    await killed(bot);
  }
  await read();

  const wrong: string[] = [];
  const counts = new Map<string, number>();
  for (const t of texts()) counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const [t, n] of counts) if (n > 1) wrong.push(`posted ${n} times: ${t}`);
  for (let i = 0; i < CONVERSATIONS; i++) {
    const tag = `t${seed}x${i}`;
    const mine = texts().filter((t) => t.startsWith(`[${tag}] `));
    const endings = mine.filter((t) => t === `[${tag}] done` || t.startsWith(`[${tag}] timed out`));
    if (endings.length !== 1) wrong.push(`${tag}: ${endings.length} endings (${mine.join(" | ")})`);
    for (const step of ["a", "b", "c"]) {
      const later = ["a", "b", "c"].slice(["a", "b", "c"].indexOf(step) + 1);
      if (
        later.some((s) => mine.includes(`[${tag}] question ${s}`)) &&
        !mine.includes(`[${tag}] question ${step}`)
      )
        wrong.push(`${tag}: question ${step} missing before a later one`);
    }
  }
  wrong.push(...refused.map((r) => `told "in the middle" of one never seen: ${r}`));
  const lines = readFileSync(journal, "utf8").trim().split("\n").filter(Boolean);
  const finished = new Map<string, number>();
  const pids: string[] = [];
  for (const line of lines) {
    const [pid, what, id, , tag, step] = line.split(" ") as [string, string, string, string, string, string];
    if (!pids.includes(pid)) pids.push(pid);
    // An answer that came after its question's deadline is a plain message: the conversation timed out.
    if (what === "answer" && !texts().includes(`[${tag}] timed out at ${step}`))
      wrong.push(`an answer reached the listeners: ${line}`);
    if (what === "end") finished.set(id, Math.min(finished.get(id) ?? Infinity, pids.indexOf(pid)));
    if (what === "begin" && finished.has(id) && finished.get(id)! < pids.indexOf(pid))
      wrong.push(`plain message ${id} handled again by pid ${pid} after it finished`);
  }
  for (const id of plains) if (!finished.has(id)) wrong.push(`plain message ${id} never handled`);
  const store = new SqliteStore({ path: env.PROBE_STORE });
  const left = await store.list<{ x?: 1; o?: unknown[] }>(CONVERSATION_KEY_PREFIX);
  await store.close();
  for (const { key, value } of left) if (value.x !== 1 || value.o) wrong.push(`left waiting: ${key}`);
  return { wrong, posted: posted.size, plains: plains.length, processes: starts };
}

describe("conversations through 15 kill -9s of the bot's process", () => {
  const first = Number(process.env.PROBE_SEED ?? Date.now() % 1_000_000);
  const runs = Number(process.env.PROBE_RUNS ?? 1);
  for (let run = 0; run < runs; run++) {
    const seed = first + run;
    it(
      `posts each text exactly once and hands no finished message over again (seed ${seed})`,
      { timeout: 300_000 },
      async () => {
        console.log(`conversations-kill: seed ${seed} (PROBE_SEED=${seed} runs it again)`);
        const result = await probe(seed);
        console.log(
          `conversations-kill: seed ${seed}: ${result.posted} bot messages, ${result.plains} plain messages, ${result.processes} processes, ${result.wrong.length} wrong`,
        );
        expect(result.wrong).toEqual([]);
      },
    );
  }
});
