/** Stable codes of {@link GatewayError}. */
export type GatewayErrorCode =
  | "invalid_option"
  | "authentication_failed"
  | "unknown_op"
  | "invalid_json"
  | "already_identified"
  | "invalid_intents"
  | "closed"
  | "already_connected";

/**
 * An error of the gateway client, with a stable `code`. Errors that stop the client after a close
 * frame also carry the `closeCode` and the service's `closeReason`.
 */
export class GatewayError extends Error {
  override readonly name: string = "GatewayError";
  readonly code: GatewayErrorCode;
  readonly closeCode: number | null;
  readonly closeReason: string;

  constructor(
    code: GatewayErrorCode,
    message: string,
    options: { closeCode?: number; closeReason?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.closeCode = options.closeCode ?? null;
    this.closeReason = options.closeReason ?? "";
  }
}

/** `4004`: the token is invalid or was renewed, or the app is switched off or deleted. */
export class GatewayAuthenticationError extends GatewayError {
  override readonly name = "GatewayAuthenticationError";
}

/**
 * `4001`, `4002`, `4005`: the client sent something the service refuses; a bug to fix before
 * connecting again.
 */
export class GatewayProtocolError extends GatewayError {
  override readonly name = "GatewayProtocolError";
}

/** `4013`, or refused before connecting: an intent name the service does not know. */
export class GatewayIntentsError extends GatewayError {
  override readonly name = "GatewayIntentsError";
}

/** A bad option given to the client; the message names the option and the rule. */
export class GatewayOptionsError extends GatewayError {
  override readonly name = "GatewayOptionsError";
}

/** Whether `error` is a {@link GatewayError} (optionally with `code`). */
export function isGatewayError(error: unknown, code?: GatewayErrorCode): error is GatewayError {
  return error instanceof GatewayError && (code === undefined || error.code === code);
}
