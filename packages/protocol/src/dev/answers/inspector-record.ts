import type { InferOutput } from "valibot";
import type { FaultBodySchema } from "../bodies/fault-body.js";

/** One step of a refusal's explanation: a role, an overwrite, an install... and what it did. */
export interface ExplanationStep {
  readonly source: string;
  /** `grants`/`allows` give the right, `denies` takes it away, `none` says nothing about it. */
  readonly effect: "grants" | "denies" | "allows" | "none";
  readonly id: string | null;
  readonly text: string;
}

/** Why the service refused: what was missing, where, and each step that decided it. */
export interface Explanation {
  readonly summary: string;
  readonly missing: { readonly kind: string; readonly name: string };
  readonly guild_id: string | null;
  readonly channel_id: string | null;
  readonly steps: readonly ExplanationStep[];
}

/**
 * One record of the inspector (`GET /dev/v1/inspector`): a `/v1` call (`rest`), a webhook
 * execution, a gateway session's change, a dispatch frame sent (`gateway`), or an interaction's
 * change of state. The fields after `app_name` are those of its kind.
 */
export interface InspectorRecord {
  /** Rises by one per record, from 1. */
  readonly seq: number;
  /** The server's clock, Unix milliseconds. */
  readonly time: number;
  readonly kind: "rest" | "webhook" | "session" | "gateway" | "interaction";
  readonly app_id: string | null;
  readonly app_name: string | null;
  readonly method?: string;
  readonly path?: string;
  readonly status?: number;
  readonly duration_ms?: number;
  readonly error?: { readonly code: string | number; readonly message: string } | null;
  readonly explanation?: Explanation | null;
  readonly session_id?: string | null;
  readonly action?: string;
  readonly close_code?: number | null;
  readonly reason?: string | null;
  readonly intents_requested?: readonly string[];
  readonly intents_granted?: readonly string[];
  readonly event?: string;
  readonly sequence?: number;
  readonly data?: unknown;
  readonly truncated?: boolean;
  readonly interaction_id?: string;
  readonly command_name?: string;
  readonly channel_id?: string;
  readonly state?: string;
  readonly notice?: string | null;
  readonly webhook_id?: string | null;
}

/** `GET /dev/v1/inspector`: records, the newest seq, and how many the ring holds. */
export interface InspectorPage {
  readonly records: InspectorRecord[];
  readonly last_seq: number;
  readonly size: number;
}

/** A fault waiting for the `/v1` calls it applies to (`GET /dev/v1/faults`). */
export type PendingFault = Exclude<InferOutput<typeof FaultBodySchema>, { kind: "close_gateway" }> & {
  readonly id: string;
  /** How many more matching calls it applies to. */
  remaining: number;
};
