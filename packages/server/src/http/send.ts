import type { ServerResponse } from "node:http";
import type { ApiError } from "../kernel/errors/api-error.js";
import type { Reply } from "./reply.js";

/**
 * What the inspector learns of a request while it is handled: the app the dispatcher authenticated,
 * and the error it was answered with. Kept on the response under {@link INSPECTION} (a property,
 * not a map: the inspector is on for every request).
 */
export interface Inspection {
  app: { readonly id: string; readonly name: string } | null;
  error: ApiError | null;
  /** The error's explanation, computed when it is answered (the world as it was then). */
  explanation: unknown;
  /** Called once the answer is written (`status` 0: the client was gone), to make the record. */
  finish(status: number): void;
}

function explainNow(error: ApiError): unknown {
  try {
    return error.explain?.() ?? null;
  } catch (failure) {
    console.error("inspector: could not explain a refusal", failure);
    return null;
  }
}

/** The key of a response's {@link Inspection}, set by the inspector's request wrapper. */
export const INSPECTION: unique symbol = Symbol("inspection");

/** A response that may carry an {@link Inspection}. */
export type InspectedResponse = ServerResponse & { [INSPECTION]?: Inspection };

const JSON_TYPE = "application/json; charset=utf-8";

/** An answer ready to write: its status, headers and body text. */
interface ReadyReply {
  readonly res: ServerResponse;
  readonly status: number;
  readonly headers: Record<string, string | number>;
  readonly payload: string | undefined;
  readonly pieces: Iterable<string> | undefined;
}

/** Answers of this turn of the event loop, written together once its I/O is handled. */
let waiting: ReadyReply[] = [];

function writeWaiting(): void {
  const batch = waiting;
  waiting = [];
  for (const { res, status, headers, payload, pieces } of batch) {
    const inspection = (res as InspectedResponse)[INSPECTION];
    if (res.headersSent || res.destroyed) {
      if (inspection && !res.headersSent) inspection.finish(0);
      continue;
    }
    try {
      res.writeHead(status, headers);
      if (pieces !== undefined) {
        writePieces(res, pieces[Symbol.iterator](), (done) => inspection?.finish(done ? status : 0));
        continue;
      }
      res.end(payload);
      if (inspection) inspection.finish(status);
    } catch (error) {
      // Headers come from the server's own code; one that Node refuses must not lose the others.
      console.error("could not write an answer", error);
      res.destroy();
    }
  }
}

/**
 * Writes `pieces` to `res` one after the other, waiting for `drain` whenever the socket's buffer is
 * full, so a large answer never sits in memory whole; then ends it. `finished` is told whether the
 * answer was written to its end (`false`: the client went away, or a piece could not be made).
 */
function writePieces(res: ServerResponse, pieces: Iterator<string>, finished: (done: boolean) => void): void {
  const stop = () => finished(false);
  res.once("close", stop);
  const step = (): void => {
    try {
      for (;;) {
        if (res.destroyed) return;
        const next = pieces.next();
        if (next.done === true) {
          res.off("close", stop);
          res.end();
          finished(true);
          return;
        }
        if (!res.write(next.value)) {
          res.once("drain", step);
          return;
        }
      }
    } catch (error) {
      console.error("could not write an answer", error);
      res.destroy();
    }
  };
  step();
}

/**
 * Answers a request with JSON (or nothing for `204`). The answer is built at once, so a body that
 * cannot be serialized throws here, to the caller; it is written with every other answer of the
 * same turn of the event loop, once the requests that arrived together have all been handled
 * (`setImmediate`). Answers written back to back wake the client once instead of once each: under
 * load the server answers about 1.7 times as many requests per second on a two-core machine
 * (docs/reference-server.md#speed), and alone a request waits one loop phase.
 * Only the first answer of a request is written.
 */
export function send(res: ServerResponse, reply: Reply, extra?: Record<string, string>): void {
  const headers: Record<string, string | number> =
    extra === undefined && reply.headers === undefined ? {} : { ...extra, ...reply.headers };
  let payload: string | undefined;
  const pieces = reply.status === 204 ? undefined : reply.jsonPieces;
  if (pieces !== undefined) headers["content-type"] = JSON_TYPE;
  else if (reply.status !== 204 && (reply.body !== undefined || reply.rawJson !== undefined)) {
    payload = reply.rawJson ?? JSON.stringify(reply.body);
    headers["content-type"] = JSON_TYPE;
    headers["content-length"] = Buffer.byteLength(payload);
  }
  if (reply.error !== undefined) {
    const inspection = (res as InspectedResponse)[INSPECTION];
    if (inspection) {
      inspection.error = reply.error;
      inspection.explanation = explainNow(reply.error);
    }
  }
  if (waiting.length === 0) setImmediate(writeWaiting);
  waiting.push({ res, status: reply.status, headers, payload, pieces });
}
