// State benchmark (issue 24; both drivers, issue 35), three measures in one run:
// 1. SqliteStore reads (get) and writes (set) per second on each SQLite driver, against the same
//    statements prepared on that raw driver with the same pragmas (WAL, synchronous NORMAL):
//    better-sqlite3 where it loads (Node 20 here), node:sqlite where Node has it (22.13+). When
//    this Node has no node:sqlite, the same measure runs again in a child process on Node 24
//    (BENCH_NODE24, default .node-lines/24/bin/node as npm run test:lines unpacks it), and both
//    lines' rows are printed. BENCH_OPS (default 100,000) each, in alternating rounds
//    (BENCH_ROUNDS, default 3), best round each. Target: at least 0.8 of raw.
// 2. Memory for BENCH_JOBS (default 100,000) scheduled jobs: the process's heap and resident size
//    before and after scheduling them through a bot's Scheduler on an SqliteStore file, and on a
//    MemoryStore.
// 3. Delay from a job's due time to its handler under a steady load: BENCH_DUE (default 2,000) jobs
//    due at 2 ms intervals through the bot's scheduler on the wall clock, while the same process
//    writes to the store in a steady loop; p50, p99 and max of (handler start - due time).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ONLY_DRIVERS = process.env.BENCH_STATE_PART === "drivers";
// Memory is read after a full collection: run again with it exposed.
if (!globalThis.gc && !ONLY_DRIVERS) {
  const again = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url)], {
    stdio: "inherit",
  });
  process.exit(again.status ?? 1);
}

const OPS = Number(process.env.BENCH_OPS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const DUE = Number(process.env.BENCH_DUE ?? 2_000);
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const NODE24 = process.env.BENCH_NODE24 ?? join(ROOT, ".node-lines/24/bin/node");

const fw = await import("../packages/framework/dist/index.js");
const { sqliteDrivers } = await import("../packages/kit/dist/sqlite.js");
const { createBot, MemoryStore, OnSchedule, SqliteStore } = fw;
const dir = mkdtempSync(join(tmpdir(), "bench-state-"));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const mb = (bytes) => +(bytes / 1024 / 1024).toFixed(1);

/** The raw driver's connection to `path`, with the store's pragmas. */
function rawDatabase(driver, path) {
  const pragmas = ["journal_mode = WAL", "synchronous = NORMAL"];
  const db =
    driver === "node:sqlite"
      ? new (process.getBuiltinModule("node:sqlite").DatabaseSync)(path)
      : new (createRequire(import.meta.url)("better-sqlite3"))(path);
  for (const pragma of pragmas) db.exec(`PRAGMA ${pragma}`);
  return db;
}

/** Sets and gets per second through SqliteStore on `driver`, and on the raw driver. */
async function driverRows(driver) {
  const value = { question: "Lunch at noon?", votes: { a: "yes", b: "no" }, open: true };
  const store = new SqliteStore({ path: join(dir, `store-${driver.replace(":", "-")}.db`), driver });
  const raw = rawDatabase(driver, join(dir, `raw-${driver.replace(":", "-")}.db`));
  raw.exec(
    "CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER) WITHOUT ROWID",
  );
  const put = raw.prepare(
    "INSERT INTO state (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at",
  );
  const get = raw.prepare("SELECT key, value, expires_at FROM state WHERE key = ?");
  const keys = Array.from({ length: 1_000 }, (_, i) => `poll:${i}`);
  const rate = async (fn) => {
    const start = performance.now();
    for (let i = 0; i < OPS; i++) await fn(keys[i % keys.length]);
    return OPS / ((performance.now() - start) / 1000);
  };
  const best = { storeSet: 0, rawSet: 0, storeGet: 0, rawGet: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    best.rawSet = Math.max(best.rawSet, await rate((k) => put.run(k, JSON.stringify(value), null)));
    best.storeSet = Math.max(best.storeSet, await rate((k) => store.set(k, value)));
    best.rawGet = Math.max(
      best.rawGet,
      await rate((k) => {
        const row = get.get(k);
        return row && JSON.parse(row.value);
      }),
    );
    best.storeGet = Math.max(best.storeGet, await rate((k) => store.get(k)));
  }
  await store.close();
  raw.close();
  return [
    { op: "set (write)", store_per_s: Math.round(best.storeSet), raw_per_s: Math.round(best.rawSet) },
    { op: "get (read)", store_per_s: Math.round(best.storeGet), raw_per_s: Math.round(best.rawGet) },
  ].map((r) => ({
    node: process.version,
    driver,
    ...r,
    ratio: +(r.store_per_s / r.raw_per_s).toFixed(2),
  }));
}

/** Part 1 on every driver this Node can use. */
async function allDriverRows() {
  const rows = [];
  for (const driver of sqliteDrivers()) rows.push(...(await driverRows(driver)));
  return rows;
}

if (ONLY_DRIVERS) {
  try {
    console.log(JSON.stringify(await allDriverRows()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

try {
  // 1. Reads and writes, on each driver against its raw driver; node:sqlite on Node 24 when this
  // Node has none.
  const rows = await allDriverRows();
  if (!rows.some((r) => r.driver === "node:sqlite")) {
    if (existsSync(NODE24)) {
      const child = spawnSync(NODE24, [fileURLToPath(import.meta.url)], {
        env: { ...process.env, BENCH_STATE_PART: "drivers" },
        encoding: "utf8",
      });
      if (child.status !== 0) throw new Error(`the Node 24 child failed: ${child.stderr}`);
      rows.push(...JSON.parse(child.stdout.trim().split("\n").at(-1)));
    } else {
      console.log(`no node:sqlite here and no Node 24 at ${NODE24} (npm run test:lines unpacks it)`);
    }
  }
  console.table(rows);

  // 2. Memory for many jobs: a bot made (never started), its scheduler filled.
  class Jobs {
    tick() {}
  }
  OnSchedule("tick")(Jobs.prototype, "tick", Object.getOwnPropertyDescriptor(Jobs.prototype, "tick"));
  const memory = [];
  for (const [name, make] of [
    ["SqliteStore", () => new SqliteStore({ path: join(dir, "jobs.db") })],
    ["MemoryStore", () => new MemoryStore()],
  ]) {
    const jobStore = make();
    const bot = createBot({
      listeners: [Jobs],
      token: "t",
      baseUrl: "http://127.0.0.1:1",
      logger: "silent",
      store: jobStore,
    });
    globalThis.gc?.();
    const before = process.memoryUsage();
    const far = Date.now() + 86_400_000;
    for (let i = 0; i < JOBS; i++) {
      await bot.scheduler.schedule(far + i, "tick", { n: i }, { key: `tick:${i}` });
    }
    globalThis.gc?.();
    const after = process.memoryUsage();
    memory.push({
      store: name,
      jobs: JOBS,
      heap_mb: mb(after.heapUsed - before.heapUsed),
      rss_mb: mb(after.rss - before.rss),
      bytes_per_job: Math.round((after.heapUsed - before.heapUsed) / JOBS),
    });
    await jobStore.close();
  }
  console.table(memory);

  // 3. Due to handler, under a steady load of store writes.
  const delays = [];
  class Timed {
    run(payload) {
      delays.push(Date.now() - payload.due);
    }
  }
  OnSchedule("timed")(Timed.prototype, "run", Object.getOwnPropertyDescriptor(Timed.prototype, "run"));
  const dueStore = new SqliteStore({ path: join(dir, "due.db") });
  const bot = createBot({
    listeners: [Timed],
    token: "t",
    baseUrl: "http://127.0.0.1:1",
    logger: "silent",
    store: dueStore,
  });
  // The scheduler alone: the bot is not connected to any service here.
  await bot.scheduler.start();
  const first = Date.now() + 500;
  for (let i = 0; i < DUE; i++) {
    const due = first + i * 2;
    await bot.scheduler.schedule(due, "timed", { due });
  }
  let load = true;
  let writes = 0;
  const loader = (async () => {
    while (load) {
      await dueStore.set(`load:${writes++ % 100}`, { n: writes });
      if (writes % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const deadline = Date.now() + 500 + DUE * 2 + 10_000;
  while (delays.length < DUE && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  load = false;
  await loader;
  await bot.scheduler.stop();
  await dueStore.close();
  const sorted = [...delays].sort((a, b) => a - b);
  const elapsed = (DUE * 2 + 500) / 1000;
  console.table([
    {
      jobs: DUE,
      fired: delays.length,
      p50_ms: quantile(sorted, 0.5),
      p99_ms: quantile(sorted, 0.99),
      max_ms: sorted.at(-1),
      store_writes_per_s_meanwhile: Math.round(writes / elapsed),
    },
  ]);
  const ratios = rows.map((r) => `${r.driver} on ${r.node} ${r.op.split(" ")[0]}s ${r.ratio}`).join(", ");
  console.log(
    `store vs its raw driver: ${ratios} (target >= 0.8); ${JOBS} jobs: ${memory[0].heap_mb} MB of heap on SqliteStore, ${memory[1].heap_mb} MB on MemoryStore; due to handler p50 ${quantile(sorted, 0.5)} ms, p99 ${quantile(sorted, 0.99)} ms`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
