import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { ServerCore } from "../core/server-core.js";
import type { ApiError, ApiErrorBody } from "../errors/api-error.js";
import type { DispatchListener } from "../gateway/connection.js";
import type { SessionObserver } from "../gateway/session-log.js";
import { errorWatchers } from "../http/send.js";
import type { InteractionRecord } from "../interactions/interaction-record.js";
import { hashToken } from "../ops/tokens.js";
import { isWebhookRequest, WEBHOOK_PATH_PREFIX } from "../routes/webhooks/webhook-handler.js";
import type { Transaction } from "../world/transaction.js";
import { explainIntents, type Explanation } from "./explain.js";
import { type Inspector, MAX_FRAME_CHARS } from "./inspector.js";

const isRest = (url: string): boolean => url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?");

interface AppRef {
  readonly id: string;
  readonly name: string;
}

function appOfToken(core: ServerCore, header: string | undefined): AppRef | null {
  if (header === undefined || !header.startsWith("Bot ")) return null;
  const found = core.world.tables.apps
    .by("token_hash", hashToken(header.slice(4).trim()))
    .values()
    .next();
  return found.done ? null : { id: found.value.id, name: found.value.name };
}

function appName(core: ServerCore, appId: string): string {
  return core.world.tables.apps.get(appId)?.name ?? "(deleted app)";
}

/** `/api/webhooks/{id}/{secret}?q` as `{ id, path }` with the secret shown as `…`. */
function webhookPath(url: string): { id: string | null; path: string } {
  const rest = url.slice(WEBHOOK_PATH_PREFIX.length);
  const slash = rest.indexOf("/");
  if (slash === -1) return { id: rest.split("?")[0] || null, path: url };
  const mark = rest.indexOf("?");
  const id = rest.slice(0, slash);
  return { id, path: `${WEBHOOK_PATH_PREFIX}${id}/…${mark === -1 ? "" : rest.slice(mark)}` };
}

function explanationOf(error: ApiError): Explanation | null {
  if (error.explain === undefined) return null;
  try {
    return (error.explain() as Explanation | undefined) ?? null;
  } catch (failure) {
    console.error("inspector: could not explain a refusal", failure);
    return null;
  }
}

/**
 * Wraps the request listener so that every `/v1` call and webhook execution becomes an inspector
 * record once answered, with the error body and, for a refusal the permission engine or an install
 * decided, its explanation (computed when the refusal is answered, against the world as it was).
 */
export function inspectRequests(
  core: ServerCore,
  inspector: Inspector,
  handle: RequestListener,
): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    const webhook = isWebhookRequest(url);
    if (!webhook && !isRest(url)) {
      handle(req, res);
      return;
    }
    const time = core.clock.now();
    const started = performance.now();
    const app = webhook ? null : appOfToken(core, req.headers.authorization);
    let error: ApiErrorBody | null = null;
    let explanation: Explanation | null = null;
    errorWatchers.set(res, (failure) => {
      error = failure.body();
      explanation = explanationOf(failure);
    });
    res.once("close", () => {
      const status = res.headersSent ? res.statusCode : 0;
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      const base = { time, app_id: app?.id ?? null, app_name: app?.name ?? null };
      const method = req.method ?? "GET";
      if (webhook) {
        const { id, path } = webhookPath(url);
        inspector.add({
          ...base,
          kind: "webhook",
          method,
          path,
          webhook_id: id,
          status,
          duration_ms: durationMs,
          error,
          explanation: null,
        });
      } else {
        inspector.add({
          ...base,
          kind: "rest",
          method,
          path: url,
          status,
          duration_ms: durationMs,
          error,
          explanation,
        });
      }
    });
    handle(req, res);
  };
}

/** The gateway's dispatch listener that records each frame sent. */
export function inspectDispatches(core: ServerCore, inspector: Inspector): DispatchListener {
  return (appId, event, sequence, json, sessionId) => {
    const truncated = json.length > MAX_FRAME_CHARS;
    inspector.add({
      kind: "gateway",
      time: core.clock.now(),
      app_id: appId,
      app_name: appName(core, appId),
      session_id: sessionId,
      event,
      sequence,
      data: truncated ? null : (JSON.parse(json) as unknown),
      truncated,
    });
  };
}

/** The gateway's session observer that records identifies and closes, with missing intents explained. */
export function inspectSessions(core: ServerCore, inspector: Inspector): SessionObserver {
  return (appId, info, action, reason) => {
    const app = core.world.tables.apps.get(appId);
    inspector.add({
      kind: "session",
      time: core.clock.now(),
      app_id: appId,
      app_name: app?.name ?? "(deleted app)",
      session_id: info.id,
      action,
      close_code: action === "closed" ? info.close_code : null,
      reason: action === "closed" ? reason : null,
      intents_requested: info.intents_requested,
      intents_granted: info.intents_granted,
      explanation: action === "identified" && app ? explainIntents(core, app, info.intents_requested) : null,
    });
  };
}

/** Interactions whose last state is remembered (the oldest are forgotten first). */
const KEPT_STATES = 20_000;

/**
 * A commit hook that records each interaction state change (a use, thinking, answered, did not
 * respond) once its transaction commits. It never throws into the transaction.
 */
export function inspectInteractions(core: ServerCore, inspector: Inspector): (tx: Transaction) => void {
  /** The last state seen of each interaction that can still change. */
  const seen = new Map<string, string>();
  return (tx) => {
    try {
      for (const write of tx.writes) {
        if (write.kind !== "interactions" || write.row === null) continue;
        const row = write.row as InteractionRecord;
        if (seen.get(row.id) === row.state) continue;
        seen.set(row.id, row.state);
        if (seen.size > KEPT_STATES) seen.delete(seen.keys().next().value as string);
        tx.afterCommit(() => {
          inspector.add({
            kind: "interaction",
            time: tx.now,
            app_id: row.application_id,
            app_name: appName(core, row.application_id),
            interaction_id: row.id,
            command_name: row.command_name,
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            user_id: row.user_id,
            state: row.state,
            notice: row.notice,
          });
        });
      }
    } catch (error) {
      console.error("inspector: could not record an interaction", error);
    }
  };
}
