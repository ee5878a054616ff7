import type { Channel, Message } from "@chatbot/protocol";

/**
 * Which channels recovery reads back: every readable one (`"all"`, the default), those a function
 * keeps, or none.
 */
export type RecoveryChannels = "all" | "none" | ((channel: Channel) => boolean);

/**
 * Where a recovery starts, kept across processes: per channel the newest message handed over, and
 * `newest`, the newest id the client had seen (what is newer was made after; a channel with no
 * cursor is read from there). `GatewayClient.recoveryPoint()` gives it; `resumeFrom` takes it back.
 */
export interface RecoveryPoint {
  readonly cursors: Readonly<Record<string, string>>;
  readonly newest: string;
}

/**
 * Why a channel was left out of recovery. `failed`: its history could not be read; the client keeps
 * its place and reads it again (`retrying: true`) until it succeeds or the channel is `gone`.
 * `limit_reached` and `too_old`: a bound cut the read short (`maxMessagesPerChannel`, `maxAgeMs`).
 */
export type RecoverySkipReason =
  "missing_read_message_history" | "history_hidden" | "limit_reached" | "too_old" | "failed" | "gone";

/** How far back recovery reads in each channel. */
export interface RecoveryBounds {
  /** Messages read back at most (the newest are kept). */
  readonly maxMessagesPerChannel: number;
  /** Nothing older than this many ms is read back, however old the channel's cursor. */
  readonly maxAgeMs: number;
}

/** A channel left out of recovery (or only partly recovered, for `limit_reached` and `too_old`). */
export interface RecoverySkip {
  readonly channelId: string;
  readonly guildId: string;
  readonly reason: RecoverySkipReason;
  /** The bound that was hit: `maxMessagesPerChannel` for `limit_reached`, `maxAgeMs` for `too_old`. */
  readonly bound?: number;
  /** The REST error, for `failed` and `gone`. */
  readonly error?: unknown;
  /** For `failed`: the channel is read again after the next wait; nothing past its place is handed over meanwhile. */
  readonly retrying?: boolean;
}

/** Where recovery sends what it finds. */
export interface RecoveryOutput {
  /** Queues one `MESSAGE_CREATE`, `recovered` when it came from REST. */
  message(message: Message, recovered: boolean): void;
  skipped(skip: RecoverySkip): void;
}

/** Whether the bot may read a channel's history, as far as the client can tell. */
export type ChannelAccess = "history" | "no_history";

/** Where recovery learns which channels to read back: the bot's world view. */
export interface RecoverySource {
  /** Every channel whose messages the bot receives and may list, with whether it reads history. */
  readableChannels(): Array<{ channel: Channel; access: ChannelAccess }>;
}
