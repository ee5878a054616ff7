import type {
  GatewayDispatchPayloads,
  GatewayEventName,
  Interaction,
  InteractionMember,
  Message,
  User,
} from "@chatbot/protocol";
import type { Permissions } from "@chatbot/rest";
import type { GatewayError } from "./gateway-error.js";
import type { RecoverySkip } from "./recovery-types.js";

/** `MESSAGE_CREATE` as listeners get it: `recovered` when it was fetched over REST after a drop. */
export type GatewayMessage = Message & { readonly recovered: boolean };

/** The `member` of an interaction, its `permissions` as a bitfield. */
export type GatewayInteractionMember = Omit<InteractionMember, "permissions"> & {
  readonly permissions: Permissions;
};

/** `INTERACTION_CREATE` as listeners get it: `member.permissions` and `app_permissions` as bitfields. */
export type GatewayInteraction = Omit<Interaction, "member" | "app_permissions"> & {
  readonly member: GatewayInteractionMember;
  readonly app_permissions: Permissions;
};

/** The payload listeners get for each gateway event. */
export type GatewayEventPayloads = Omit<GatewayDispatchPayloads, "MESSAGE_CREATE" | "INTERACTION_CREATE"> & {
  MESSAGE_CREATE: GatewayMessage;
  INTERACTION_CREATE: GatewayInteraction;
};

/** Any event as the catch-all `dispatch` listener gets it. */
export type GatewayDispatch = {
  [E in GatewayEventName]: { readonly name: E; readonly data: GatewayEventPayloads[E] };
}[GatewayEventName];

/** The connection's life, for logs: each is an event of the client. */
export interface LifecycleEvents {
  /** A connection attempt starts (`attempt` 1 is the first since the last stable connection). */
  connecting: { readonly attempt: number; readonly url: string };
  /** `READY` and every initial `GUILD_CREATE` arrived, `tookMs` after `connecting`. */
  ready: {
    readonly tookMs: number;
    readonly user: User;
    readonly sessionId: string;
    readonly guilds: number;
    readonly reconnected: boolean;
  };
  /** The connection closed and the client reconnects after `waitMs`. */
  reconnecting: {
    readonly code: number;
    readonly reason: string;
    readonly waitMs: number;
    readonly attempt: number;
  };
  /**
   * Recovery finished: `count` messages were handed over marked `recovered`, missed `since` a drop
   * (a reconnect), a restart (the first ready of a process resumed from an earlier one's point), or
   * read in a `retry` of channels whose history could not be read before.
   */
  recovered: {
    readonly count: number;
    readonly tookMs: number;
    readonly since: "drop" | "restart" | "retry";
  };
  /** A channel left out of recovery; `missing_read_message_history` / `history_hidden` once per channel. */
  recoverySkipped: RecoverySkip;
  /** The queue reached its bound: from now until it drains below half, new events are dropped. */
  overflow: { readonly limit: number; readonly dropped: number };
  /** The client stopped for good: closed by the caller, or a close code that forbids reconnecting. */
  stopped: { readonly reason: string; readonly error: GatewayError | null };
  /** A listener threw or rejected; the client goes on. Without a listener it is printed. */
  listenerError: { readonly error: unknown; readonly event: string };
}

/** Every event of a {@link GatewayClient}: the gateway's events by name, `dispatch`, and the lifecycle. */
export type GatewayClientEvents = GatewayEventPayloads & { dispatch: GatewayDispatch } & LifecycleEvents;
