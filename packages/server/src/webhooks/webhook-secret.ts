import { hash, randomBytes } from "node:crypto";

/** A new URL secret: 32 random bytes, base64url (43 characters). Only its hash is kept. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The SHA-256 of a secret, hex: what the world keeps. */
export function hashWebhookSecret(secret: string): string {
  return hash("sha256", secret, "hex");
}

/**
 * Whether `given` is the secret behind `secretHash`. Both sides are 64-character SHA-256 hex digests,
 * compared character by character without stopping at the first difference, so the time taken says
 * nothing about how much of it was right. (Hex digests compared in JavaScript rather than Buffers with
 * `timingSafeEqual`: a digest as a Buffer costs more than the whole hash, on every execution.)
 */
export function webhookSecretMatches(secretHash: string, given: string): boolean {
  const actual = hashWebhookSecret(given);
  if (secretHash.length !== actual.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= secretHash.charCodeAt(i) ^ actual.charCodeAt(i);
  return difference === 0;
}
