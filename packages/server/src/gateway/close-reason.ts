import { isSendableCloseCode } from "@chatbot/protocol/dev";

/** The most bytes of UTF-8 a WebSocket close reason may hold (RFC 6455, section 5.5). */
export const MAX_CLOSE_REASON_BYTES = 123;

/** Whether the service may close a connection with `code` (the dev API's fault checks it too). */
export { isSendableCloseCode };

/** Throws a `RangeError` naming the field unless `code` and `reason` may go into a close frame. */
export function assertCloseFrame(code: number, reason: string): void {
  if (!isSendableCloseCode(code)) {
    throw new RangeError(`code must be 1000, 1001 or an integer from 3000 to 4999, got ${code}`);
  }
  if (Buffer.byteLength(reason, "utf8") > MAX_CLOSE_REASON_BYTES) {
    throw new RangeError(`reason must be at most ${MAX_CLOSE_REASON_BYTES} bytes of UTF-8`);
  }
}

/** Cuts `reason` to fit a close frame, never splitting a character. */
export function clampCloseReason(reason: string): string {
  if (Buffer.byteLength(reason, "utf8") <= MAX_CLOSE_REASON_BYTES) return reason;
  let out = "";
  let bytes = 0;
  for (const char of reason) {
    const size = Buffer.byteLength(char, "utf8");
    if (bytes + size > MAX_CLOSE_REASON_BYTES) break;
    out += char;
    bytes += size;
  }
  return out;
}
