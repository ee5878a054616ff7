import type { IncomingMessage, ServerResponse } from "node:http";
import { MethodNotAllowedError } from "../kernel/errors/http-errors.js";
import { isConsoleRequest, serveConsole } from "./console-files.js";
import { checkDevAccess } from "./dev-pipeline.js";
import { errorReply } from "./dispatcher.js";
import { isStreamRequest, serveEventStream, STREAM_PATH } from "./event-stream.js";
import type { RequestGuard } from "./request-guard.js";
import type { RawRoute } from "./route.js";
import type { ServerRuntime } from "./runtime.js";
import { send } from "./send.js";

/**
 * Answers what the dev API serves besides JSON: the live stream (`GET /dev/v1/stream`, under the
 * dev API's whole access rule) and the console's pages (`/console`, under its `Host` and `Origin`
 * rule; off when the dev API is off). Refusals answer like the dev API's.
 */
export function answerDevPage(
  runtime: ServerRuntime,
  guard: RequestGuard,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const method = req.method ?? "GET";
  const url = req.url ?? "/";
  try {
    guard.check(req);
    if (isStreamRequest(url)) {
      if (method !== "GET") throw new MethodNotAllowedError(method, STREAM_PATH, ["GET"]);
      checkDevAccess(runtime.devAccess, req.headers, method, url);
      serveEventStream(req, res, runtime.inspector, runtime.feed);
    } else if (isConsoleRequest(url)) {
      if (runtime.devAccess.mode === "off") checkDevAccess(runtime.devAccess, req.headers, method, url);
      serveConsole(req, res);
    }
  } catch (error) {
    send(res, errorReply(error));
  }
}

/** The live stream and the console's pages as a route of the table. */
export const devPagesRoute: RawRoute = {
  kind: "raw",
  path: `${STREAM_PATH}, /console`,
  matches: (_method, url) => isStreamRequest(url) || isConsoleRequest(url),
  create: (runtime, guard) => (req, res) => answerDevPage(runtime, guard, req, res),
};
