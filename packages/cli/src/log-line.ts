import type { RequestLogEntry } from "@chatbot/server";

const two = (n: number) => String(n).padStart(2, "0");

/** `HH:MM:SS.mmm` in local time: what a developer compares with the clock on their screen. */
function timeOfDay(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, "0")}`;
}

/**
 * One line of the request log `chatbot server` prints:
 * `14:05:09.123 [Demo bot] POST /v1/channels/1/messages 201 3ms`,
 * `14:05:09.125 [webhook] POST /api/webhooks/7/… 204 2ms`,
 * `14:05:09.126 [Demo bot] gateway MESSAGE_CREATE s=4`.
 */
export function formatLogLine(entry: RequestLogEntry): string {
  const time = timeOfDay(entry.time);
  if (entry.kind === "gateway")
    return `${time} [${entry.app.name}] gateway ${entry.event} s=${entry.sequence}`;
  const who = entry.kind === "webhook" ? "webhook" : (entry.app?.name ?? "no app");
  const status = entry.status === 0 ? "aborted" : String(entry.status);
  return `${time} [${who}] ${entry.method} ${entry.path} ${status} ${Math.round(entry.durationMs)}ms`;
}
