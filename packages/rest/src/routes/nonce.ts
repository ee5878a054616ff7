import { randomUUID } from "node:crypto";

/** A new message nonce: 36 letters, digits and `-` (a random UUID), within the 16-to-64 rule. */
export function createNonce(): string {
  return randomUUID();
}
