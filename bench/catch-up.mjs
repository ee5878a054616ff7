// Catch-up benchmark: how long a bot started with a durable store takes to read back and hand over
// what was posted while no process of it ran, against the same reads done by a plain loop of REST
// calls, in the same run, on the same reference server (its own process, rate limits on as the
// service has them: 50 calls a second per bot).
//
// BENCH_CHANNELS (default 10) channels get a live message each while a first bot runs on an
// SqliteStore file (so the store holds a cursor per channel), the bot stops, and people post
// BENCH_MESSAGES (default 1,000) messages in each channel. Then, BENCH_ROUNDS (default 3) times:
// - bot: a copy of that store file, a new bot on it with a MESSAGE_CREATE listener that counts the
//   recovered messages; timed from `bot.start()` to the last of them handled;
// - raw: `GET /v1/channels/{id}/messages?after=<cursor>&limit=100` with fetch, paged (the next
//   `after` is the newest id of the page, until a page holds less than 100), 4 channels at a time,
//   honouring a 429's `retry_after`; timed from the first call to the last page parsed.
// Each side waits out the rate limit's window (1.1 s) before it starts; the two alternate who goes
// first. The figure is the ratio bot / raw (1.0: the bot catches up as fast as raw calls can).
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnUntil, stop } from "./lib/processes.mjs";
import { benchWorld } from "./lib/world.mjs";

const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 10);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 100;
const AT_ONCE = 4;
const WINDOW_MS = 1_100;

const { createBot, On, SqliteStore } = await import("../packages/framework/dist/index.js");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const dir = mkdtempSync(join(tmpdir(), "bench-catch-up-"));

// The reference server as the service runs it: rate limits on.
const { child: server, match } = await spawnUntil(
  ["packages/cli/bin/chatbot.js", "server", "--port", "0"],
  /ready base_url=(\S+) gateway_url=(\S+)/,
);
const baseUrl = match[1];

/** A bot on the store file `path` whose listener calls `heard(message, ctx)`. */
function makeBot(token, path, heard) {
  class Counter {
    seen(message, ctx) {
      heard(message, ctx);
    }
  }
  On("MESSAGE_CREATE")(Counter.prototype, "seen", Object.getOwnPropertyDescriptor(Counter.prototype, "seen"));
  const store = new SqliteStore({ path });
  const bot = createBot({
    token,
    baseUrl,
    listeners: [Counter],
    messageContent: true,
    store,
    logger: "error",
  });
  return { bot, store };
}

/** Copies an SQLite file with its write-ahead log, if any. */
function copyDb(from, to) {
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(from + suffix)) copyFileSync(from + suffix, to + suffix);
  }
}

try {
  const world = await benchWorld(baseUrl, {
    history: 0,
    intents: ["guilds", "guild_messages", "message_content"],
  });
  const { dev, token, guildId, ownerId } = world;
  const channels = [world.channelId];
  for (let i = 1; i < CHANNELS; i++) {
    const made = await dev(
      baseUrl,
      "POST",
      `/guilds/${guildId}/channels`,
      { name: `c${i}`, kind: "text" },
      ownerId,
    );
    channels.push(made.id);
  }

  // 1. A first bot sees one live message per channel: its store now holds a cursor in each.
  const pointDb = join(dir, "point.db");
  const live = new Set();
  const first = makeBot(token, pointDb, (message) => live.add(message.channel_id));
  await first.bot.start();
  const cursors = new Map();
  for (const id of channels) {
    const message = await dev(baseUrl, "POST", `/channels/${id}/messages`, { content: "before" }, ownerId);
    cursors.set(id, message.id);
  }
  while (live.size < CHANNELS) await sleep(10);
  await first.bot.stop();
  await first.store.close();

  // 2. Missed: MESSAGES per channel posted while no process of the bot runs.
  const seedStart = performance.now();
  await Promise.all(
    channels.map(async (id) => {
      for (let n = 0; n < MESSAGES; n++) {
        await dev(baseUrl, "POST", `/channels/${id}/messages`, { content: `missed ${n}` }, ownerId);
      }
    }),
  );
  const total = CHANNELS * MESSAGES;
  console.log(`seeded ${total} messages in ${Math.round(performance.now() - seedStart)} ms`);

  async function botRound(round) {
    const path = join(dir, `round-${round}.db`);
    copyDb(pointDb, path);
    let recovered = 0;
    let done;
    const last = new Promise((resolve) => (done = resolve));
    const { bot, store } = makeBot(token, path, (message, ctx) => {
      if (ctx.recovered && ++recovered === total) done(performance.now());
    });
    const start = performance.now();
    const started = bot.start();
    let timer;
    const end = await Promise.race([
      last,
      new Promise((resolve) => (timer = setTimeout(() => resolve(null), 300_000))),
    ]);
    clearTimeout(timer);
    await started;
    const counts = { ...bot.gateway.recoveryCounts };
    await bot.stop();
    await store.close();
    if (end === null) throw new Error(`the bot handed over ${recovered} of ${total} in 300 s`);
    return { ms: end - start, skipped: counts.skipped };
  }

  async function rawRound() {
    let calls = 0;
    let limited = 0;
    let read = 0;
    const headers = { authorization: `Bot ${token}` };
    async function readChannel(id) {
      let after = cursors.get(id);
      for (;;) {
        calls += 1;
        const res = await fetch(`${baseUrl}/v1/channels/${id}/messages?after=${after}&limit=${PAGE}`, {
          headers,
        });
        if (res.status === 429) {
          limited += 1;
          const { retry_after } = await res.json();
          await sleep(retry_after * 1000);
          continue;
        }
        if (res.status !== 200) throw new Error(`GET messages: ${res.status} ${await res.text()}`);
        const page = await res.json();
        read += page.length;
        if (page.length < PAGE) return;
        // The page is newest first: the next one starts after its newest id.
        after = page.reduce((a, m) => (BigInt(m.id) > BigInt(a) ? m.id : a), after);
      }
    }
    const start = performance.now();
    const queue = [...channels];
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (queue.length > 0) await readChannel(queue.shift());
      }),
    );
    const ms = performance.now() - start;
    if (read !== total) throw new Error(`the raw loop read ${read} of ${total}`);
    return { ms, calls, limited };
  }

  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    let bot;
    let raw;
    if (round % 2 === 0) {
      await sleep(WINDOW_MS);
      bot = await botRound(round);
      await sleep(WINDOW_MS);
      raw = await rawRound();
    } else {
      await sleep(WINDOW_MS);
      raw = await rawRound();
      await sleep(WINDOW_MS);
      bot = await botRound(round);
    }
    rows.push({
      round: round + 1,
      messages: total,
      bot_ms: Math.round(bot.ms),
      raw_ms: Math.round(raw.ms),
      ratio: +(bot.ms / raw.ms).toFixed(2),
      raw_calls: raw.calls,
      raw_429s: raw.limited,
      bot_skipped_channels: bot.skipped,
    });
  }
  console.table(rows);
  const ratios = rows.map((r) => r.ratio).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)];
  console.log(
    `catch-up of ${CHANNELS} x ${MESSAGES} missed messages: bot ${rows.map((r) => r.bot_ms).join(" / ")} ms, raw REST loop ${rows.map((r) => r.raw_ms).join(" / ")} ms; ratio median ${median} (${ratios[0]} to ${ratios.at(-1)})`,
  );
} finally {
  await stop(server);
  rmSync(dir, { recursive: true, force: true });
}
