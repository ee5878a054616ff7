import type { GatewayEventName, Intent } from "@chatbot/protocol";

// Local stand-ins for wire types that @chatbot/protocol does not export yet. When it does, these
// become re-exports of the protocol's types; the gateway reads only the fields named here.

/** A user object ("User object"); for a bot, `username` is `app_<application_id>`. */
export interface User {
  readonly id: string;
  readonly username: string;
  readonly name: string;
  readonly avatar_id: string | null;
  readonly bot: boolean;
}

/** `{ id, name }` of an application, as READY carries it. */
export interface ApplicationSummary {
  readonly id: string;
  readonly name: string;
}

/**
 * `d` of `GUILD_CREATE` and `GUILD_UPDATE`: the server snapshot plus this install's `scopes`,
 * `intents` and `emojis`. The gateway reads only `id`; the core builds the rest.
 */
export type GuildCreatePayload = { readonly id: string } & { readonly [field: string]: unknown };

/** `d` of `READY`. */
export interface ReadyPayload {
  readonly v: 1;
  readonly session_id: string;
  readonly user: User;
  readonly application: ApplicationSummary;
  readonly intents: readonly Intent[];
  readonly guilds: readonly { readonly id: string; readonly unavailable: boolean }[];
}

/** `d` of `GUILD_DELETE`. */
export interface GuildDeletePayload {
  readonly id: string;
}

/** The payloads the gateway itself looks into; every other event carries a JSON object. */
export interface KnownDispatchPayloads {
  READY: ReadyPayload;
  GUILD_CREATE: GuildCreatePayload;
  GUILD_UPDATE: GuildCreatePayload;
  GUILD_DELETE: GuildDeletePayload;
}

/** A JSON object: the `d` of an event the gateway passes through untouched. */
export type EventPayload = { readonly [field: string]: unknown };

/** The `d` of the dispatch `E`. */
export type DispatchPayload<E extends GatewayEventName> = E extends keyof KnownDispatchPayloads
  ? KnownDispatchPayloads[E]
  : EventPayload;

/** `hello`: the service's first frame. */
export interface HelloFrame {
  readonly op: "hello";
  readonly d: { readonly heartbeat_interval: number };
}

/** `heartbeat_ack`: the answer to each heartbeat. */
export interface HeartbeatAckFrame {
  readonly op: "heartbeat_ack";
}

/** `dispatch`: one event, `s` rising by one per event on the connection. */
export interface DispatchFrame<E extends GatewayEventName = GatewayEventName> {
  readonly op: "dispatch";
  readonly t: E;
  readonly s: number;
  readonly d: DispatchPayload<E>;
}

/** Every frame the service sends. */
export type ServerFrame = HelloFrame | HeartbeatAckFrame | DispatchFrame;

/** `identify`, once per connection. Intent names are checked after parsing (unknown → `4013`). */
export interface IdentifyFrame {
  readonly op: "identify";
  readonly d: { readonly token: string; readonly intents: readonly string[] };
}

/** `heartbeat` with the last `s` seen, or `null`. */
export interface HeartbeatFrame {
  readonly op: "heartbeat";
  readonly d: number | null;
}

/** Every frame a bot may send. */
export type ClientFrame = IdentifyFrame | HeartbeatFrame;
