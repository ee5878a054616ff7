import type { Intent } from "../../constants/intents.js";
import type { Message } from "../../message/message.js";
import type { SlashCommand } from "../../slash-command/slash-command.js";

/**
 * What the dev API answers to tools: interactions as the person sees them, gateway sessions, the
 * inspector's records, faults, and the views the console stands on.
 * @module
 */

/** The states of a slash command use (the interface's "Slash command interaction" table). */
export const INTERACTION_STATES = [
  "delivered",
  "not_delivered",
  "thinking",
  "answered",
  "unanswered",
] as const;

/** A state of an interaction. */
export type InteractionState = (typeof INTERACTION_STATES)[number];

/** What the person who used the command is told: the app had no connection, or did not answer. */
export type InteractionNotice = "app_not_connected" | "app_did_not_respond";

/** `POST /dev/v1/channels/{id}/interactions`: the use, and its notice when it was not delivered. */
export interface DevCommandUse {
  readonly id: string;
  readonly state: InteractionState;
  readonly notice?: InteractionNotice | null;
}

/** `GET /dev/v1/interactions/{id}`: the state, every answer (ephemeral ones carry `flags: 64`), the notice. */
export interface InteractionView {
  readonly id: string;
  readonly state: InteractionState;
  readonly messages: Message[];
  readonly notice: InteractionNotice | null;
}

/**
 * One gateway connection of an app (`GET /dev/v1/apps/{app_id}/sessions`). Times are the server's
 * clock (Unix milliseconds); `identified_at`, `closed_at` and `close_code` are null until they
 * happen. `intents_granted` is the union, over every server whose `GUILD_CREATE` the connection was
 * sent, of the intents that install granted it (each within what was requested).
 */
export interface GatewaySessionInfo {
  /** The `session_id` of `READY` (also set for a session that never identified). */
  readonly id: string;
  readonly opened_at: number;
  readonly identified_at: number | null;
  readonly closed_at: number | null;
  /** The code the service closed with, or the one the bot closed with (`1006`: no close frame). */
  readonly close_code: number | null;
  /** The intent names sent in `identify`, each once, as sent. */
  readonly intents_requested: readonly string[];
  readonly intents_granted: readonly Intent[];
  /** Dispatches sent on the connection (`READY` included): the last `s`. */
  readonly events_sent: number;
}

/** `POST /dev/v1/faults`: the fault's id; for `close_gateway`, whether a connection was closed. */
export interface DevFaultCreated {
  readonly id: string;
  readonly closed?: boolean;
}

/** A channel in {@link DevGuildView}: what the person may do there by permission names. */
export interface DevChannelView {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly topic: string | null;
  readonly category_id: string | null;
  readonly position: number;
  readonly slowmode_seconds: number;
  readonly permissions: string[];
}

/** `GET /dev/v1/users/@me/guilds`: a server the person is in, with what they see of it. */
export interface DevGuildView {
  readonly id: string;
  readonly name: string;
  readonly owner_id: string;
  readonly permissions: string[];
  readonly categories: { readonly id: string; readonly name: string; readonly position: number }[];
  readonly channels: DevChannelView[];
}

/** A command a person can use in a channel (`GET /dev/v1/channels/{id}/commands`). */
export interface DevCommandView extends SlashCommand {
  readonly app_name: string;
}
