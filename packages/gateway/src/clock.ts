import { type Clock, type ClockTimer, SystemClock } from "@chatbot/kit";

export type { ClockTimer };

/**
 * The time source of a {@link GatewayClient}: heartbeats, reconnect waits, the identify limit and
 * the stable-connection timer all read it. The toolkit's one {@link Clock}, so a test can hand the
 * client the server's manual clock and move both with one `advance`.
 */
export type GatewayClock = Clock;

/**
 * The wall clock with Node's timers. Its timers keep the process alive, so a bot waiting to
 * reconnect does not exit.
 */
export const realClock: GatewayClock = new SystemClock({ keepAlive: true });
