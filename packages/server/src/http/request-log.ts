import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Kernel } from "../kernel/kernel.js";
import { hashToken } from "../kernel/actors/tokens.js";
import { isWebhookRequest, WEBHOOK_PATH_PREFIX } from "./webhook-path.js";

/** The app behind a logged call or event. */
export interface LoggedApp {
  readonly id: string;
  readonly name: string;
}

/** One `/v1` call or webhook execution, once its answer is sent (or the client went away). */
export interface HttpLogEntry {
  readonly kind: "rest" | "webhook";
  /** When the request came in, in Unix milliseconds of the wall clock. */
  readonly time: number;
  /** The app whose bot token came with the call; null for webhooks and for a missing or wrong token. */
  readonly app: LoggedApp | null;
  readonly method: string;
  /** The path and query; a webhook's secret shows as `…`. */
  readonly path: string;
  /** The answer's status; 0 when the client went away before an answer. */
  readonly status: number;
  /** From the request's arrival to its answer's end, in milliseconds. */
  readonly durationMs: number;
}

/** One gateway event sent to a bot. */
export interface GatewayLogEntry {
  readonly kind: "gateway";
  readonly time: number;
  readonly app: LoggedApp;
  /** `MESSAGE_CREATE`, `READY`... */
  readonly event: string;
  /** The `s` of the dispatch. */
  readonly sequence: number;
}

/** An entry of the request log ({@link ServerOptions.requestLog}). */
export type RequestLogEntry = HttpLogEntry | GatewayLogEntry;

/** Where the request log goes: called once per entry. */
export type RequestLog = (entry: RequestLogEntry) => void;

/** `log`, kept from breaking the server: an entry it cannot take is reported, not thrown. */
export function guardedLog(log: RequestLog): RequestLog {
  return (entry) => {
    try {
      log(entry);
    } catch (error) {
      console.error("request log:", error);
    }
  };
}

/** The app `appId` with its name (`(deleted app)` once it is gone). */
export function loggedApp(core: Kernel, appId: string): LoggedApp {
  return { id: appId, name: core.world.tables.apps.get(appId)?.name ?? "(deleted app)" };
}

function appOfToken(core: Kernel, header: string | undefined): LoggedApp | null {
  if (header === undefined || !header.startsWith("Bot ")) return null;
  const app = core.world.tables.apps
    .by("token_hash", hashToken(header.slice(4).trim()))
    .values()
    .next();
  return app.done ? null : { id: app.value.id, name: app.value.name };
}

/** `/api/webhooks/{id}/{secret}?q` with the secret left out. */
export function withoutSecret(url: string): string {
  const rest = url.slice(WEBHOOK_PATH_PREFIX.length);
  const slash = rest.indexOf("/");
  if (slash === -1) return url;
  const mark = rest.indexOf("?");
  return `${WEBHOOK_PATH_PREFIX}${rest.slice(0, slash)}/…${mark === -1 ? "" : rest.slice(mark)}`;
}

/** Whether `url` is a call of the bots' REST API (`/v1`, any query). */
export const isRest = (url: string): boolean =>
  url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?");

/**
 * Wraps the server's request listener so that every `/v1` call and webhook execution is logged once
 * answered; other requests (the dev API, `/`) pass through unlogged. Installed only when a log is
 * given, so a server without one pays nothing for it.
 */
export function logRequests(core: Kernel, log: RequestLog, handle: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    const webhook = isWebhookRequest(url);
    if (!webhook && !isRest(url)) {
      handle(req, res);
      return;
    }
    const time = Date.now();
    const started = performance.now();
    const app = webhook ? null : appOfToken(core, req.headers.authorization);
    res.once("close", () => {
      log({
        kind: webhook ? "webhook" : "rest",
        time,
        app,
        method: req.method ?? "GET",
        path: webhook ? withoutSecret(url) : url,
        status: res.headersSent ? res.statusCode : 0,
        durationMs: performance.now() - started,
      });
    });
    handle(req, res);
  };
}

/** The gateway's `onDispatch` that logs each event sent. */
export function logDispatches(core: Kernel, log: RequestLog) {
  return (appId: string, event: string, sequence: number): void => {
    log({ kind: "gateway", time: Date.now(), app: loggedApp(core, appId), event, sequence });
  };
}
