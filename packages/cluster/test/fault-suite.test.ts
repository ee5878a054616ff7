// The cluster under the faults of its own engine (issue 32): two gateway processes, three workers and
// a real redis-server, people posting about 55 messages a second over six servers, and each fault
// twice in a row while they flow. After each: every message the service kept was handled, no server
// ran in two processes at once nor out of order (but for the one documented overlap per server: a
// worker stalled in the middle of a handler resumes that one handler), each job fired once, every
// process logged the fault, and /readyz answers 200 on every process again.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { jobsNotOnce, mostOfOneServer, outOfOrder, overlaps, unhandled } from "./fault-checks.js";
import { type FaultCluster, startFaultCluster } from "./fault-cluster.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: FaultCluster | null = null;
afterEach(async () => {
  await cluster?.close();
  cluster = null;
});

/** What one run of the suite saw, printed at the end of each test for the record. */
const figures: string[] = [];

/** Tracks one cluster's faults: the worker stalls so far (the overlap each may leave). */
class Faults {
  stalls = 0;
  readonly #flow: { stop(): Promise<void> };
  constructor(readonly c: FaultCluster) {
    this.#flow = c.flow();
  }

  /**
   * Schedules jobs due every 500 ms over the next `spanMs`, runs `act`, waits until the cluster
   * caught up, and checks. `logged`: what each process must have written, by node id.
   */
  async fault(
    name: string,
    spanMs: number,
    logged: Readonly<Record<string, RegExp>>,
    act: () => Promise<void>,
    /** `jobsAfter`: scheduled once it is over; `jobsFromMs`: the first due this long after the start. */
    options: { readonly jobsAfter?: boolean; readonly jobsFromMs?: number } = {},
  ): Promise<void> {
    const { c } = this;
    const since = new Map(c.nodes.map((n) => [n.id, n.output.length]));
    const runs: string[] = [];
    const scheduleJobs = async () => {
      const from = Date.now();
      for (let at = options.jobsFromMs ?? 500; at <= spanMs; at += 500) {
        const run = `${name.replace(/\W+/g, "-")}-${at}`;
        await c.schedule(run, from + at);
        runs.push(run);
      }
    };
    if (!options.jobsAfter) await scheduleJobs();
    const began = Date.now();
    await act();
    const faultMs = Date.now() - began;
    if (options.jobsAfter) await scheduleJobs();
    const kept = c.sent.slice();
    let notReady: string[];
    // How long to wait for the catch-up, not a bound the suite checks (it prints the time taken): on
    // a quiet machine the slowest, after Redis came back empty, takes about 16 s; beside another
    // test file on a loaded one, it took 31 s.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const records = c.records();
      notReady = await c.allReady();
      const caughtUp =
        unhandled(kept, records).length === 0 &&
        jobsNotOnce(runs, records).every((j) => !j.endsWith(" 0 times")) &&
        notReady.length === 0;
      if (caughtUp || Date.now() > deadline) break;
      await sleep(250);
    }
    const recoveredMs = Date.now() - began - faultMs;
    await sleep(1_000);
    const records = c.records();
    const doubled = kept.length - new Set(records.filter((r) => r.kind === "done").map((r) => r.text)).size;
    const runsTotal = records.filter((r) => r.kind === "done").length;
    figures.push(
      `${name}: fault ${faultMs} ms, caught up ${recoveredMs} ms after; ${kept.length} posts kept, ${runsTotal - kept.length + doubled} extra handler runs so far`,
    );
    const missing = unhandled(kept, records);
    expect
      .soft(missing.length, `${name}: posts kept and never handled: ${missing.slice(0, 12).join(", ")}`)
      .toBe(0);
    expect.soft(jobsNotOnce(runs, records), `${name}: jobs that did not fire once`).toEqual([]);
    expect.soft(notReady.join("; "), `${name}: /readyz not 200`).toBe("");
    // A stalled worker may resume one handler of each partition it was running (a partition runs its
    // entries one after another): per server, at most one finding per stall.
    const overlapping = overlaps(kept, records);
    const overlapSays = overlapping.map((f) => f.says).join("; ");
    expect
      .soft(mostOfOneServer(overlapping), `${name}: one server in two processes at once: ${overlapSays}`)
      .toBeLessThanOrEqual(this.stalls);
    const misplaced = outOfOrder(kept, records);
    expect
      .soft(mostOfOneServer(misplaced), `${name}: out of order: ${misplaced.map((f) => f.says).join("; ")}`)
      .toBeLessThanOrEqual(this.stalls);
    for (const [id, pattern] of Object.entries(logged)) {
      const node = c.node(id);
      expect.soft(node.output.slice(since.get(id)), `${name}: ${id} did not log ${pattern}`).toMatch(pattern);
    }
  }

  async stop(): Promise<void> {
    await this.#flow.stop();
  }
}

const everyNode = (pattern: RegExp) =>
  Object.fromEntries(["gw1", "gw2", "w1", "w2", "w3"].map((id) => [id, pattern]));

describe("the cluster under the faults of its own engine", () => {
  it(
    "with an append-only file: owner, worker and Redis stalled, Redis killed, each twice",
    { timeout: 300_000 },
    async () => {
      // `appendfsync always`: with `everysec` Redis holds writes back (answering meanwhile) while a
      // sync of its file takes over a second, and a kill -9 then loses them (docs/scaling.md). On a
      // busy CI disk that lost the last 9 jobs scheduled before "redis kill -9 2" (2026-11-29), a
      // loss Redis does not promise to avoid; with `always` it does, which this suite checks.
      const c = (cluster = await startFaultCluster(["appendonly yes", "appendfsync always"]));
      const f = new Faults(c);
      await sleep(1_000);

      for (const round of [1, 2]) {
        // The owner stalls past its 2 s lease: the standby takes over; the old owner, back, competes
        // again (in round 2 it is the one that takes the connection back).
        const owner = (await c.owner())!;
        const standby = owner === "gw1" ? "gw2" : "gw1";
        await f.fault(
          `owner ${owner} stopped ${round}`,
          5_000,
          {
            [owner]: /gives up the gateway connection: lost the gateway lease/,
            [standby]: new RegExp(`${standby} holds the gateway connection`),
          },
          async () => {
            c.node(owner).child.kill("SIGSTOP");
            await sleep(3_500);
            c.node(owner).child.kill("SIGCONT");
            expect
              .soft(await c.owner(), `the standby holds the connection after round ${round}`)
              .toBe(standby);
          },
        );
      }

      for (const victim of ["w1", "w2"]) {
        f.stalls += 1;
        await f.fault(
          `worker ${victim} stopped`,
          6_000,
          { [victim]: /lost partition|may have run out/ },
          async () => {
            c.node(victim).child.kill("SIGSTOP");
            await sleep(4_000);
            c.node(victim).child.kill("SIGCONT");
          },
        );
      }

      for (const round of [1, 2]) {
        await f.fault(`redis kill -9 ${round}`, 6_000, everyNode(/Redis unreachable/), async () => {
          await c.redis.kill();
          await sleep(3_000);
          await c.redis.start();
        });
      }

      for (const round of [1, 2]) {
        await f.fault(`redis stopped ${round}`, 12_000, everyNode(/timed out/), async () => {
          c.redis.pause();
          await sleep(10_000);
          c.redis.resume();
        });
      }
      await f.stop();
      console.log(figures.splice(0).join("\n"));
    },
  );

  it(
    "on a Redis that loses data: restarted from a snapshot, and empty, each twice",
    { timeout: 300_000 },
    async () => {
      const c = (cluster = await startFaultCluster(["appendonly no"]));
      const f = new Faults(c);
      await sleep(1_000);
      const lost = everyNode(/error cluster: .*Redis lost data/);

      for (const round of [1, 2]) {
        // A snapshot 2 s old when Redis is killed: every process wrote since. The jobs due after the
        // kill are in it and fire once (those that fired before it would fire again: documented).
        await f.fault(
          `redis from a snapshot ${round}`,
          7_000,
          lost,
          async () => {
            await c.client.save();
            await sleep(2_000);
            await c.redis.kill();
            await sleep(3_000);
            await c.redis.start();
          },
          { jobsFromMs: 2_500 },
        );
      }

      for (const round of [1, 2]) {
        // Restarted with nothing: the jobs are gone with the rest; those scheduled after it fire once.
        await f.fault(
          `redis empty ${round}`,
          3_000,
          lost,
          async () => {
            await c.redis.kill();
            rmSync(join(c.redis.dir, "dump.rdb"), { force: true });
            await sleep(3_000);
            await c.redis.start();
          },
          { jobsAfter: true },
        );
      }
      await f.stop();
      console.log(figures.splice(0).join("\n"));
    },
  );
});
