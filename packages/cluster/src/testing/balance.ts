import { sleep } from "@chatbot/kit";
import type { ClusterNode } from "../start-cluster-node.js";

/** The workers of a test cluster did not share the partitions in time. */
export class UnbalancedPartitionsError extends Error {
  readonly code = "partitions_unbalanced";
  constructor(
    readonly shares: readonly number[],
    readonly partitions: number,
    timeoutMs: number,
  ) {
    super(
      `the workers did not share the ${partitions} partitions within ${timeoutMs} ms: they hold [${shares.join(", ")}]`,
    );
    this.name = "UnbalancedPartitionsError";
  }
}

/**
 * Whether `workers` hold every one of `partitions` between them, none more than its share (16 over
 * 3 workers: at most 6 each), and none reads a partition it is handing back.
 */
function isBalanced(workers: readonly ClusterNode[], partitions: number): boolean {
  const share = Math.ceil(partitions / Math.max(1, workers.length));
  const held = workers.map((w) => w.worker?.partitions ?? []);
  return held.every((p) => p.length <= share) && new Set(held.flat()).size === partitions;
}

/**
 * Resolves once the running `workers` (those not stopped) share the partitions (a worker that joins takes its share
 * only at the others' next heartbeats); rejects with {@link UnbalancedPartitionsError} after
 * `timeoutMs` of real time.
 */
export async function waitForBalance(
  workers: readonly ClusterNode[],
  partitions: number,
  timeoutMs: number,
): Promise<void> {
  const running = workers.filter((w) => w.worker !== null && w.bot?.state === "running");
  const deadline = Date.now() + timeoutMs;
  while (!isBalanced(running, partitions)) {
    if (Date.now() >= deadline) {
      throw new UnbalancedPartitionsError(
        running.map((w) => w.worker!.partitions.length),
        partitions,
        timeoutMs,
      );
    }
    await sleep(10);
  }
}
