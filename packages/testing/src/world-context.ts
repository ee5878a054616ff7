import type { ManualClock, RunningServer, ServerObserver } from "@chatbot/server";
import type { DevApi } from "./dev-api.js";
import type { ChannelHandle, IdRef, RoleHandle, ServerHandle } from "./handles.js";
import type { MessageLog } from "./message-log.js";
import type { Outcome } from "./outcome.js";
import type { Diagnostics } from "./diagnostics.js";
import type { Waits } from "./waits.js";

/** What people, apps and outcomes share with their world (internal). */
export interface WorldContext {
  readonly running: RunningServer;
  /** The server's observation port: waits and views beyond the wire. */
  readonly observe: ServerObserver;
  readonly dev: DevApi;
  readonly waits: Waits;
  /** The refused calls and bot errors a failed wait reports. */
  readonly diagnostics: Diagnostics;
  readonly log: MessageLog;
  readonly clock: ManualClock;
  readonly timeoutMs: number;
  /** The server a reference names; without one, the world's only (or first) server. */
  server(ref?: IdRef): ServerHandle;
  /** A handle for a channel made or found after the world was built (kept by name too). */
  adoptChannel(channel: { id: string; name: string; guild_id: string; kind: string }): ChannelHandle;
  /** A handle for a role made after the world was built (kept by name too). */
  adoptRole(role: { id: string; name: string }, serverId: string): RoleHandle;
  /** `#name` of a channel id, for messages. */
  channelLabel(channelId: string): string;
  /** Keeps an outcome so the world can list every use. */
  track(outcome: Outcome): void;
}
