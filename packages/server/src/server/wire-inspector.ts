import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Kernel } from "../kernel/kernel.js";
import type { ApiErrorBody } from "../kernel/errors/api-error.js";
import type { DispatchListener } from "../gateway/connection.js";
import type { SessionObserver } from "../gateway/session-log.js";
import { isRest, loggedApp, withoutSecret } from "../http/request-log.js";
import { type InspectedResponse, type Inspection, INSPECTION } from "../http/send.js";
import type { InteractionRecord } from "../features/interactions/interaction-record.js";
import { isWebhookRequest, WEBHOOK_PATH_PREFIX } from "../http/webhook-path.js";
import type { Transaction } from "../kernel/changes/transaction.js";
import { explainIntents, type Explanation } from "../kernel/visibility/explain.js";
import { type GatewayRecord, type Inspector, MAX_FRAME_CHARS } from "../inspector/inspector.js";

/** The webhook id of `/api/webhooks/{id}/{secret}?q`, or null when the path has none. */
function webhookId(url: string): string | null {
  return url.slice(WEBHOOK_PATH_PREFIX.length).split(/[/?]/, 1)[0] || null;
}

/** One `/v1` call or webhook execution in progress: what its record needs once it is answered. */
class Call implements Inspection {
  app: Inspection["app"] = null;
  error: Inspection["error"] = null;
  explanation: unknown = null;

  constructor(
    private readonly answered: (call: Call, status: number) => void,
    readonly time: number,
    readonly started: number,
    readonly method: string,
    readonly url: string,
    readonly webhook: boolean,
  ) {}

  finish(status: number): void {
    this.answered(this, status);
  }
}

/**
 * Wraps the request listener so that every `/v1` call and webhook execution becomes an inspector
 * record once its answer is written, with the error body and, for a refusal the permission engine or
 * an install decided, its explanation (computed when the refusal is answered, against the world as it
 * was). The dispatcher fills in the app it authenticated; nothing is looked up twice.
 */
export function inspectRequests(
  core: Kernel,
  inspector: Inspector,
  handle: RequestListener,
): RequestListener {
  const answered = (call: Call, status: number): void => {
    const durationMs = Math.round((performance.now() - call.started) * 100) / 100;
    const { app, error: failure } = call;
    const error: ApiErrorBody | null = failure ? failure.body() : null;
    if (call.webhook) {
      inspector.add({
        seq: 0,
        time: call.time,
        app_id: null,
        app_name: null,
        kind: "webhook",
        method: call.method,
        path: withoutSecret(call.url),
        webhook_id: webhookId(call.url),
        status,
        duration_ms: durationMs,
        error,
        explanation: null,
      });
      return;
    }
    inspector.add({
      seq: 0,
      time: call.time,
      app_id: app?.id ?? null,
      app_name: app?.name ?? null,
      kind: "rest",
      method: call.method,
      path: call.url,
      status,
      duration_ms: durationMs,
      error,
      explanation: (call.explanation as Explanation | null) ?? null,
    });
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    const webhook = isWebhookRequest(url);
    if (webhook || isRest(url)) {
      (res as InspectedResponse)[INSPECTION] = new Call(
        answered,
        core.clock.now(),
        performance.now(),
        req.method ?? "GET",
        url,
        webhook,
      );
    }
    handle(req, res);
  };
}

/**
 * A frame as the inspector keeps it: the payload stays the JSON text that was sent, parsed only when
 * the record is read (most records are never read; parsing each frame sent was a cost of every event).
 */
class FrameRecord implements GatewayRecord {
  seq = 0;
  readonly kind = "gateway";

  constructor(
    readonly time: number,
    readonly app_id: string,
    readonly app_name: string,
    readonly session_id: string,
    readonly event: string,
    readonly sequence: number,
    private readonly json: string | null,
  ) {}

  get truncated(): boolean {
    return this.json === null;
  }

  get data(): unknown {
    return this.json === null ? null : (JSON.parse(this.json) as unknown);
  }

  toJSON(): Omit<GatewayRecord, "seq"> & { seq: number } {
    return {
      seq: this.seq,
      time: this.time,
      kind: this.kind,
      app_id: this.app_id,
      app_name: this.app_name,
      session_id: this.session_id,
      event: this.event,
      sequence: this.sequence,
      data: this.data,
      truncated: this.truncated,
    };
  }
}

/** A session's `GUILD_CREATE`s that are recorded; later ones are not. */
export const KEPT_GUILD_CREATES = 100;

/**
 * The gateway's dispatch listener that records each frame sent, but for a session's `GUILD_CREATE`s
 * past its first {@link KEPT_GUILD_CREATES}: the connect of a bot in thousands of servers would push
 * every other record out, and holding each snapshot's text made the collector copy tens of
 * megabytes during the burst.
 */
export function inspectDispatches(core: Kernel, inspector: Inspector): DispatchListener {
  const guildCreates = new Map<string, number>();
  return (appId, event, sequence, json, sessionId) => {
    if (event === "GUILD_CREATE") {
      // Sessions come and go: forget the counts of old ones now and then.
      if (guildCreates.size > 1_000 && !guildCreates.has(sessionId)) guildCreates.clear();
      const count = (guildCreates.get(sessionId) ?? 0) + 1;
      guildCreates.set(sessionId, count);
      if (count > KEPT_GUILD_CREATES) return;
    }
    inspector.add(
      new FrameRecord(
        core.clock.now(),
        appId,
        loggedApp(core, appId).name,
        sessionId,
        event,
        sequence,
        json.length > MAX_FRAME_CHARS ? null : json,
      ),
    );
  };
}

/** The gateway's session observer that records identifies and closes, with missing intents explained. */
export function inspectSessions(core: Kernel, inspector: Inspector): SessionObserver {
  return (appId, info, action, reason) => {
    const app = core.world.tables.apps.get(appId);
    inspector.add({
      seq: 0,
      kind: "session",
      time: core.clock.now(),
      app_id: appId,
      app_name: loggedApp(core, appId).name,
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
export function inspectInteractions(core: Kernel, inspector: Inspector): (tx: Transaction) => void {
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
            seq: 0,
            kind: "interaction",
            time: tx.now,
            app_id: row.application_id,
            app_name: loggedApp(core, row.application_id).name,
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
