import { WEBHOOK_ERROR_CODES, type WebhookPausedReason } from "@chatbot/protocol";
import { ApiError, type ApiErrorBody } from "../../kernel/errors/api-error.js";

/**
 * An error of webhook execution. The interface gives these numeric codes (`10015`, `50035`,
 * `50006`, `50109`, `200000`); `code` holds the same as text, and {@link body} sends the number.
 */
export class WebhookError extends ApiError {
  constructor(
    status: number,
    readonly numericCode: number,
    message: string,
    extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(status, String(numericCode), message, extra);
    this.name = "WebhookError";
  }

  override body(): ApiErrorBody {
    return { ...super.body(), code: this.numericCode };
  }
}

/** `404 10015`: the id, the secret or the channel is wrong; the answer never says which. */
export class UnknownWebhookError extends WebhookError {
  constructor() {
    super(404, WEBHOOK_ERROR_CODES.unknownWebhook, "Unknown Webhook");
  }
}

/** `400 50035`: the body is invalid; `errors` names every bad field. */
export class WebhookInvalidBodyError extends WebhookError {
  constructor(errors: Record<string, string[]>) {
    super(400, WEBHOOK_ERROR_CODES.invalidBody, "Invalid Form Body", { errors });
  }
}

/** `400 50006`: no content, embed or card. */
export class WebhookEmptyMessageError extends WebhookError {
  constructor() {
    super(
      400,
      WEBHOOK_ERROR_CODES.messageEmpty,
      "Cannot send an empty message: send content, an embed or a card",
    );
  }
}

/** `415 50109`: the body is not JSON (also multipart uploads and malformed JSON). */
export class WebhookNotJsonError extends WebhookError {
  constructor(reason: string) {
    super(415, WEBHOOK_ERROR_CODES.notJson, `The request body contains invalid JSON: ${reason}`);
  }
}

/** `403 200000`: AutoMod blocked the post. */
export class WebhookAutomodError extends WebhookError {
  constructor(ruleName: string) {
    super(
      403,
      WEBHOOK_ERROR_CODES.automodBlocked,
      `AutoMod blocked the post: it breaks the rule "${ruleName}"`,
    );
  }
}

/** `403 webhook_paused` with `paused_reason`. */
export class WebhookPausedError extends ApiError {
  constructor(reason: WebhookPausedReason) {
    super(
      403,
      WEBHOOK_ERROR_CODES.paused,
      reason === "maker_left"
        ? "the webhook is paused: its maker left the server; make a new URL to resume it"
        : "the webhook is paused: its maker cannot send messages in the channel now",
      { paused_reason: reason },
    );
  }
}
