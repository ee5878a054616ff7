import type { IncomingMessage, ServerResponse } from "node:http";
import { validate, WebhookExecuteBodySchema } from "@chatbot/protocol";
import { RateLimitedError } from "../../errors/api-error.js";
import { MethodNotAllowedError, UnknownRouteError } from "../../errors/http-errors.js";
import { rateLimitHeaders } from "../../http/bot-pipeline.js";
import { errorReply, send } from "../../http/dispatcher.js";
import type { ServerRuntime } from "../../http/runtime.js";
import { serializeWebhookInfo, serializeWebhookPostResult } from "../../serialize/webhook-post.js";
import { UnknownWebhookError, WebhookInvalidBodyError } from "../../webhooks/webhook-errors.js";
import { executeWebhook, identifyWebhook } from "../../webhooks/webhook-execute.js";
import { readWebhookBody } from "./read-webhook-body.js";

/** Where incoming webhooks live (no `/v1`, no token). */
export const WEBHOOK_PATH_PREFIX = "/api/webhooks/";

/** Whether a request is for the webhook routes. */
export function isWebhookRequest(url: string): boolean {
  return url.startsWith(WEBHOOK_PATH_PREFIX) || url === "/api/webhooks";
}

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

function waitFlag(query: URLSearchParams): boolean {
  const wait = query.get("wait");
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

  async function execute(req: IncomingMessage, id: string, secret: string, query: URLSearchParams) {
    const webhook = identifyWebhook(core, id, secret);
    let headers: Record<string, string> | undefined;
    const rule = runtime.rateLimits?.webhookExecute;
    if (rule) {
      const bucket = `webhook_execute:${webhook.id}`;
      const result = runtime.limiter.take(bucket, bucket, rule);
      headers = rateLimitHeaders(result);
      if (!result.allowed) return { error: new RateLimitedError(result.resetAfterMs, false), headers };
    }
    try {
      const wait = waitFlag(query);
      const input = await readWebhookBody(req, runtime.maxBodyBytes);
      if (typeof input !== "object" || input === null || Array.isArray(input)) {
        throw new WebhookInvalidBodyError({ body: ["expected a JSON object"] });
      }
      const parsed = validate(WebhookExecuteBodySchema, input);
      if (!parsed.success) throw new WebhookInvalidBodyError(parsed.errors);
      const current = identifyWebhook(core, id, secret);
      const message = executeWebhook(core, current, parsed.output);
      return {
        reply: wait
          ? { status: 200, body: serializeWebhookPostResult(message, current.id) }
          : { status: 204 },
        headers,
      };
    } catch (error) {
      return { error, headers };
    }
  }

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://webhooks.invalid");
    const path = url.pathname.replace(/\/$/, "");
    const parts = path.slice(WEBHOOK_PATH_PREFIX.length).split("/");
    try {
      if (parts.length > 2) throw unsupported(method, path, parts[2] ?? "");
      const [id = "", secret = ""] = parts;
      if (parts.length < 2 || id === "" || secret === "") throw new UnknownWebhookError();
      if (method === "GET") {
        send(res, { status: 200, body: serializeWebhookInfo(identifyWebhook(core, id, secret)) });
        return;
      }
      if (method !== "POST") throw new MethodNotAllowedError(method, path, ["GET", "POST"]);
      const outcome = await execute(req, id, secret, url.searchParams);
      if ("reply" in outcome && outcome.reply) send(res, outcome.reply, outcome.headers);
      else send(res, errorReply(outcome.error), outcome.headers);
    } catch (error) {
      send(res, errorReply(error));
    }
  };
}
