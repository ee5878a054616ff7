import type { IncomingMessage, ServerResponse } from "node:http";
import { validate, WebhookExecuteBodySchema } from "@chatbot/protocol";
import { WEBHOOK_PATH_PREFIX } from "../../http/webhook-path.js";
import { isApiError, RateLimitedError } from "../../kernel/errors/api-error.js";
import { MethodNotAllowedError, UnknownRouteError } from "../../kernel/errors/http-errors.js";
import { rateLimitHeaders } from "../../http/bot-pipeline.js";
import { errorReply } from "../../http/dispatcher.js";
import { withoutSecret } from "../../http/request-log.js";
import { send } from "../../http/send.js";
import type { Reply } from "../../http/reply.js";
import type { ServerRuntime } from "../../http/runtime.js";
import { serializeWebhookPostResult } from "../messages/webhook-post-serializer.js";
import { serializeWebhookInfo } from "./webhook-serializer.js";
import { UnknownWebhookError, WebhookInvalidBodyError } from "./webhook-errors.js";
import { executeWebhook, identifyWebhook } from "./webhook-execute.js";
import type { WebhookRecord } from "./webhook-record.js";
import { readWebhookBody } from "./read-webhook-body.js";

function unsupported(method: string, path: string, part: string): UnknownRouteError {
  const error = new UnknownRouteError(method, path);
  const what =
    part === "slack" || part === "github"
      ? `the /${part} variant of webhooks is not supported`
      : part === "messages"
        ? "editing, reading or deleting messages through the webhook URL is not supported"
        : `no webhook route ${method} ${path}`;
  return Object.assign(error, { message: what });
}

/** `?wait=`, from the query string after the `?` (`""` when there is none). */
function waitFlag(query: string): boolean {
  // Most executions have no query string: no URLSearchParams for them.
  const wait = query === "" ? null : new URLSearchParams(query).get("wait");
  if (wait === null || wait === "false") return false;
  if (wait === "true") return true;
  throw new WebhookInvalidBodyError({ wait: ["must be true or false"] });
}

/**
 * The request handler of `/api/webhooks/{id}/{secret}`: `POST` executes (`204`, or `200` with the
 * post result when `?wait=true`), `GET` shows the webhook without its secret or maker. Other methods
 * on the URL (changing or deleting the webhook) answer `405`; deeper paths (message edits, `/slack`,
 * `/github`) answer `404`. Executions are rate limited per webhook (5 per 2 s by default) with the
 * usual headers.
 */
export function createWebhookHandler(runtime: ServerRuntime) {
  const core = runtime.core;

  /** The answer of an execution once its body is read (errors included). */
  function executeWith(webhook: WebhookRecord, secret: string, query: string, input: unknown): Reply {
    const wait = waitFlag(query);
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      throw new WebhookInvalidBodyError({ body: ["expected a JSON object"] });
    }
    const parsed = validate(WebhookExecuteBodySchema, input);
    if (!parsed.success) throw new WebhookInvalidBodyError(parsed.errors);
    // Records are replaced on every change: the same object means the webhook did not change while
    // the body was read (a new URL, a deleted channel); otherwise the URL is checked again.
    const current =
      core.world.tables.webhooks.get(webhook.id) === webhook &&
      core.world.tables.channels.has(webhook.channel_id)
        ? webhook
        : identifyWebhook(core, webhook.id, secret);
    const message = executeWebhook(core, current, parsed.output);
    return wait ? { status: 200, body: serializeWebhookPostResult(message, current.id) } : { status: 204 };
  }

  function execute(req: IncomingMessage, res: ServerResponse, id: string, secret: string, query: string) {
    const webhook = identifyWebhook(core, id, secret);
    let headers: Record<string, string> | undefined;
    const rule = runtime.rateLimits?.webhookExecute;
    if (rule) {
      const bucket = `webhook_execute:${webhook.id}`;
      const result = runtime.limiter.take(bucket, bucket, rule);
      headers = rateLimitHeaders(result);
      if (!result.allowed) {
        send(res, errorReply(new RateLimitedError(result.resetAfterMs, false)), headers);
        return;
      }
    }
    readWebhookBody(req, runtime.maxBodyBytes, (error, input) => {
      // A request that broke off while its body was read has nobody left to answer.
      if (error && !isApiError(error)) {
        res.destroy();
        return;
      }
      try {
        if (error) throw error;
        send(res, executeWith(webhook, secret, query, input), headers);
      } catch (failure) {
        send(res, errorReply(failure), headers);
      }
    });
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    const method = req.method ?? "GET";
    const raw = req.url ?? "/";
    const mark = raw.indexOf("?");
    const full = mark === -1 ? raw : raw.slice(0, mark);
    const path = full.endsWith("/") ? full.slice(0, -1) : full;
    // Every error of a webhook path is made here: it names the path with the secret left out, so
    // no answer, inspector record, live event or log line ever holds a secret.
    const shown = withoutSecret(path);
    try {
      const parts = path.slice(WEBHOOK_PATH_PREFIX.length).split("/");
      if (parts.length > 2) throw unsupported(method, shown, parts[2] ?? "");
      const [id = "", secret = ""] = parts;
      if (parts.length < 2 || id === "" || secret === "") throw new UnknownWebhookError();
      if (method === "GET") {
        send(res, { status: 200, body: serializeWebhookInfo(identifyWebhook(core, id, secret)) });
        return;
      }
      if (method !== "POST") throw new MethodNotAllowedError(method, shown, ["GET", "POST"]);
      execute(req, res, id, secret, mark === -1 ? "" : raw.slice(mark + 1));
    } catch (error) {
      send(res, errorReply(error));
    }
  };
}
