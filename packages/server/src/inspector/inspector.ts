import type { ApiErrorBody } from "../kernel/errors/api-error.js";
import type { InteractionNotice, InteractionState } from "@chatbot/protocol/dev";
import type { Explanation } from "../kernel/visibility/explain.js";

/** What every inspector record carries. */
interface RecordBase {
  /** Rises by one per record, from 1; never reused while the server runs (set by {@link Inspector.add}). */
  seq: number;
  /** The server's clock, Unix milliseconds. */
  readonly time: number;
  /** The app concerned (null: a webhook execution, or a call whose token named no app). */
  readonly app_id: string | null;
  readonly app_name: string | null;
}

/** A `/v1` call, once answered. */
export interface RestRecord extends RecordBase {
  readonly kind: "rest";
  readonly method: string;
  readonly path: string;
  /** 0 when the client went away before the answer. */
  readonly status: number;
  readonly duration_ms: number;
  /** The error body the call was answered with. */
  readonly error: ApiErrorBody | null;
  /** Why it was refused, for refusals the permission engine or an install decided. */
  readonly explanation: Explanation | null;
}

/** A webhook execution, once answered (the secret is shown as `…`). */
export interface WebhookRecord extends RecordBase {
  readonly kind: "webhook";
  readonly method: string;
  readonly path: string;
  readonly webhook_id: string | null;
  readonly status: number;
  readonly duration_ms: number;
  readonly error: ApiErrorBody | null;
  readonly explanation: null;
}

/** A gateway session of an app: identified, or closed (by the service or the bot). */
export interface SessionRecord extends RecordBase {
  readonly kind: "session";
  readonly session_id: string;
  readonly action: "identified" | "closed";
  readonly close_code: number | null;
  readonly reason: string | null;
  readonly intents_requested: readonly string[];
  readonly intents_granted: readonly string[];
  /** For `identified`: why some requested intents were not granted. */
  readonly explanation: Explanation | null;
}

/** A dispatch frame sent to an app. */
export interface GatewayRecord extends RecordBase {
  readonly kind: "gateway";
  readonly session_id: string | null;
  readonly event: string;
  readonly sequence: number;
  /** The frame's `d`; null when it was over {@link MAX_FRAME_CHARS} (then `truncated`). */
  readonly data: unknown;
  readonly truncated: boolean;
}

/** A slash command use, each time its state changes. */
export interface InteractionRecordEntry extends RecordBase {
  readonly kind: "interaction";
  readonly interaction_id: string;
  readonly command_name: string;
  readonly guild_id: string;
  readonly channel_id: string;
  readonly user_id: string;
  readonly state: InteractionState;
  readonly notice: InteractionNotice | null;
}

/** One record of the inspector. */
export type InspectorRecord =
  RestRecord | WebhookRecord | SessionRecord | GatewayRecord | InteractionRecordEntry;

/** The records kept by default. */
export const DEFAULT_INSPECTOR_SIZE = 2_000;

/** Frames whose JSON is longer than this keep their event name but not their payload. */
export const MAX_FRAME_CHARS = 64 * 1024;

/** A query of the ring: one app, after a seq, at most `limit`. */
export interface InspectorQuery {
  readonly appId?: string | undefined;
  readonly after?: number | undefined;
  readonly limit: number;
}

/**
 * The inspector: a bounded ring of what the service did for each app (REST calls, webhook executions,
 * gateway sessions and frames, interaction states), numbered in order, with listeners for the live
 * stream. The oldest records go first when it is full. In memory only.
 */
export class Inspector {
  readonly #ring: (InspectorRecord | undefined)[];
  #next = 0;
  #seq = 0;
  readonly #listeners = new Set<(record: InspectorRecord) => void>();

  constructor(readonly size: number = DEFAULT_INSPECTOR_SIZE) {
    if (!Number.isInteger(size) || size < 1) {
      throw new RangeError(`inspector size must be a whole number of 1 or more, got ${size}`);
    }
    this.#ring = new Array<InspectorRecord | undefined>(size);
  }

  /** The seq of the newest record (0 before the first). */
  get lastSeq(): number {
    return this.#seq;
  }

  /** Numbers `record` (its `seq` is set here) and keeps it, then tells the listeners. */
  add(record: InspectorRecord): InspectorRecord {
    record.seq = ++this.#seq;
    this.#ring[this.#next] = record;
    this.#next = (this.#next + 1) % this.size;
    for (const listener of this.#listeners) {
      try {
        listener(record);
      } catch (error) {
        console.error("inspector listener failed", error);
      }
    }
    return record;
  }

  /** The kept records matching `query`, oldest first: the first `limit` after `after`. */
  records(query: InspectorQuery): InspectorRecord[] {
    const out: InspectorRecord[] = [];
    const after = query.after ?? 0;
    for (let i = 0; i < this.size && out.length < query.limit; i++) {
      const record = this.#ring[(this.#next + i) % this.size];
      if (!record || record.seq <= after) continue;
      if (query.appId !== undefined && record.app_id !== query.appId) continue;
      out.push(record);
    }
    return out;
  }

  /** The newest `limit` records matching `query` (oldest first). */
  newest(query: Omit<InspectorQuery, "after">): InspectorRecord[] {
    const out: InspectorRecord[] = [];
    for (let i = 1; i <= this.size && out.length < query.limit; i++) {
      const record = this.#ring[(this.#next - i + this.size) % this.size];
      if (!record) break;
      if (query.appId !== undefined && record.app_id !== query.appId) continue;
      out.push(record);
    }
    return out.reverse();
  }

  /** Adds a listener of new records; returns the function that removes it. */
  subscribe(listener: (record: InspectorRecord) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Forgets every record (the world was reset); seqs keep rising. */
  clear(): void {
    this.#ring.fill(undefined);
    this.#next = 0;
  }
}
