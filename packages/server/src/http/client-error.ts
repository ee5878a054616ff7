import { STATUS_CODES, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/** How long the answer of a valid request before the malformed bytes may take to be written. */
const PENDING_ANSWER_MS = 5_000;

/** The status and the service's error body for what Node's HTTP parser refused. */
function describe(error: NodeJS.ErrnoException): { status: number; code: string; message: string } {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return {
        status: 431,
        code: "headers_too_large",
        message: "the request line and headers together are over the server's 16 KiB",
      };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, code: "request_timeout", message: "the request did not arrive in time" };
    case "HPE_INVALID_CONTENT_LENGTH":
    case "HPE_UNEXPECTED_CONTENT_LENGTH":
      return { status: 400, code: "invalid_request", message: "the Content-Length header is not valid" };
    case "HPE_INVALID_URL":
      return {
        status: 400,
        code: "invalid_request",
        message: "the path is not valid: spaces and characters outside ASCII must be percent-encoded",
      };
    default:
      return {
        status: 400,
        code: "invalid_request",
        message: `the request is not valid HTTP/1.1 (${error.code ?? "parse error"})`,
      };
  }
}

/**
 * Node's `clientError`: what its HTTP parser refused gets the service's JSON error body instead of
 * a bare `400` (`431` for headers over the size limit), and the connection closes after it. When a
 * valid request came first on the same connection, its own answer is written first: it may still
 * be waiting for the end of the event loop's turn (answers of one turn are written together).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, code, message } = describe(error);
  const body = JSON.stringify({ code, message });
  const write = () => {
    if (!socket.writable) return;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
  // A valid request read in full before the malformed bytes has an answer of its own to write; a
  // request cut off in the middle (a timeout, a lying Content-Length) is the one being refused.
  const pending = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!pending || pending.writableFinished || pending.req?.complete !== true) {
    write();
    return;
  }
  const timer = setTimeout(() => socket.destroy(), PENDING_ANSWER_MS);
  timer.unref();
  pending.once("finish", () => {
    clearTimeout(timer);
    write();
  });
  pending.once("close", () => clearTimeout(timer));
}
