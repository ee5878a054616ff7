import type { Bot, Logger } from "@chatbot/framework";
import type { Redis } from "ioredis";
import type { ClusterKeys } from "./keys.js";

/** How long an entry's "handled" mark is kept: a redelivery within it does not run handlers again. */
export const HANDLED_TTL_MS = 24 * 60 * 60 * 1000;
/** Entries one read takes from a stream at most. */
export const READ_COUNT = 50;
/** A partition with this many entries waiting in this process is not read again until it drains. */
export const MAX_WAITING = 200;
/** How long a blocking read waits for entries at most (ms), and at most one heartbeat. */
export const READ_BLOCK_MS = 500;

/** Options of a {@link WorkerRole}. */
export interface WorkerRoleOptions {
  readonly redis: Redis;
  readonly keys: ClusterKeys;
  readonly nodeId: string;
  readonly bot: Bot;
  readonly partitions: number;
  /** How often a worker renews its membership and partitions (1,000 ms); they run out after 3 times that. */
  readonly heartbeatMs: number;
  /** An entry delivered this many times without an acknowledgement goes to the dead letters (5). */
  readonly maxDeliveries: number;
  readonly logger: Logger;
}

/** One stream as this worker reads it: its entries run one after another, in order. */
export interface StreamReader {
  readonly stream: string;
  /** Entries taken and not finished here: never run twice side by side. */
  readonly running: Set<string>;
  waiting: number;
  /** The partition is being handed to another worker: no new reads, then the lease goes. */
  releasing: boolean;
  /**
   * Just taken: what earlier readers left unacknowledged is not claimed yet. Not read until that is
   * queued, or a read could queue newer entries ahead of it.
   */
  taking: boolean;
  /** A partition's lease as this worker holds it (`<node>:<fence>`); null for interactions. */
  lease: string | null;
  /**
   * Until when the lease is surely this worker's (Unix ms, its clock): the time a take or renewal
   * was asked, plus the lease's time to live. Past it another worker may hold the partition.
   */
  validUntil: number;
}

/** A reader of `stream` with nothing taken yet. */
export function newReader(stream: string, lease: string | null, validUntil: number): StreamReader {
  return { stream, running: new Set(), waiting: 0, releasing: false, taking: false, lease, validUntil };
}
