import type { IncomingMessage, ServerResponse } from "node:http";
import type { Inspector, InspectorRecord } from "../inspector/inspector.js";
import type { LiveFeed, WorldNotice } from "../inspector/live-feed.js";

/** The path of the dev API's live stream. */
export const STREAM_PATH = "/dev/v1/stream";

/** Whether `url` is the live stream (any query). */
export function isStreamRequest(url: string): boolean {
  return url === STREAM_PATH || url.startsWith(`${STREAM_PATH}?`);
}

/** A comment line every this many milliseconds keeps proxies and idle timers from closing the stream. */
const PING_MS = 15_000;
/** A client that leaves more than this unread is dropped (it reconnects and reads the ring). */
const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

/** The JSON text of each record or notice sent, made once however many readers the stream has. */
const texts = new WeakMap<object, string>();

function jsonOf(data: object): string {
  let text = texts.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    texts.set(data, text);
  }
  return text;
}

/**
 * Serves `GET /dev/v1/stream` as server-sent events: `hello` with the inspector's last seq, then an
 * `inspector` event per new record (only the app's with `?app_id=`) and a `world` event per committed
 * change (see {@link WorldNotice}). The caller has already checked the request like any dev API call.
 */
export function serveEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  inspector: Inspector | null,
  feed: LiveFeed,
): void {
  const appId = new URL(req.url ?? "/", "http://stream.invalid").searchParams.get("app_id");
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
  });
  res.flushHeaders();
  const write = (event: string, data: object) => {
    if (res.destroyed) return;
    res.write(`event: ${event}\ndata: ${jsonOf(data)}\n\n`);
    if (res.writableLength > MAX_UNREAD_BYTES) res.destroy();
  };
  write("hello", { last_seq: inspector?.lastSeq ?? 0, inspector: inspector !== null });
  const stops = [
    feed.subscribe((notice: WorldNotice) => write("world", notice)),
    inspector?.subscribe((record: InspectorRecord) => {
      if (appId === null || record.app_id === appId) write("inspector", record);
    }),
  ];
  const ping = setInterval(() => {
    if (!res.destroyed) res.write(": ping\n\n");
  }, PING_MS);
  ping.unref();
  res.once("close", () => {
    clearInterval(ping);
    for (const stop of stops) stop?.();
  });
}
