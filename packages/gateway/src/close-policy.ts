import { CloseCode } from "@chatbot/protocol";
import {
  GatewayAuthenticationError,
  type GatewayError,
  GatewayIntentsError,
  GatewayProtocolError,
} from "./gateway-error.js";

/** What the client does after a connection closes. */
export type CloseDecision =
  | { readonly action: "reconnect" }
  | { readonly action: "reconnect_after_identify_window" }
  | { readonly action: "stop"; readonly error: GatewayError };

function withReason(reason: string): string {
  return reason ? ` (the service said: "${reason}")` : "";
}

/**
 * The close-code policy. `4004` stops for good; `4001`, `4002`, `4005` and `4013` stop with an
 * error naming the bug or the unknown intent; `4008` waits out the identify window; every other
 * code (`4000`, `4003`, `4009`, `1000`, `1001`, a dropped socket's `1006`, ...) reconnects.
 */
export function decideOnClose(code: number, reason: string): CloseDecision {
  const said = withReason(reason);
  const info = { closeCode: code, closeReason: reason };
  switch (code) {
    case CloseCode.AuthenticationFailed:
      return {
        action: "stop",
        error: new GatewayAuthenticationError(
          "authentication_failed",
          `the gateway closed with 4004: the token is invalid or was renewed, or the app is switched off or deleted${said}; ` +
            "not reconnecting (use the app's current token, or switch the app on)",
          info,
        ),
      };
    case CloseCode.UnknownOp:
      return stopForBug("unknown_op", code, "it received a frame with an op it does not know", reason);
    case CloseCode.InvalidJson:
      return stopForBug("invalid_json", code, "it received a frame that is not JSON text", reason);
    case CloseCode.AlreadyIdentified:
      return stopForBug(
        "already_identified",
        code,
        "it received a second identify on one connection",
        reason,
      );
    case CloseCode.InvalidIntents:
      return {
        action: "stop",
        error: new GatewayIntentsError(
          "invalid_intents",
          `the gateway closed with 4013: an intent the client asked for is unknown to the service${said}; ` +
            "fix the intents option before connecting again",
          info,
        ),
      };
    case CloseCode.IdentifyRateLimited:
      return { action: "reconnect_after_identify_window" };
    default:
      return { action: "reconnect" };
  }
}

function stopForBug(
  code: "unknown_op" | "invalid_json" | "already_identified",
  closeCode: number,
  what: string,
  reason: string,
): CloseDecision {
  return {
    action: "stop",
    error: new GatewayProtocolError(
      code,
      `the gateway closed with ${closeCode} (${code}): ${what}${withReason(reason)}. ` +
        "This is a bug in the client, not a network fault, so it does not reconnect",
      { closeCode, closeReason: reason },
    ),
  };
}
