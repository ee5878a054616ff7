/** Gateway `op` values, strings (docs/decisions.md#readings-of-unclear-rules). */
export const GATEWAY_OPS = ["hello", "identify", "heartbeat", "heartbeat_ack", "dispatch"] as const;

/** A gateway op. */
export type GatewayOp = (typeof GATEWAY_OPS)[number];

/** The ops a bot may send; any other op closes the connection with `4001`. */
export const CLIENT_OPS = ["identify", "heartbeat"] as const;

/** An op a bot sends. */
export type ClientOp = (typeof CLIENT_OPS)[number];

/** Whether `op` is an op a bot may send. */
export function isClientOp(op: unknown): op is ClientOp {
  return typeof op === "string" && (CLIENT_OPS as readonly string[]).includes(op);
}

/** The gateway version, `v` of `READY`. */
export const GATEWAY_VERSION = 1;
