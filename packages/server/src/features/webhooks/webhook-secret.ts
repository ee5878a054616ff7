import { hash, randomBytes, timingSafeEqual } from "node:crypto";

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
 * compared as bytes with `crypto.timingSafeEqual`, so the time taken says nothing about how much of
 * it was right. (The hex text rather than the binary digest: decoding hex costs more than the
 * comparison, and the hash is kept as lowercase hex.)
 */
export function webhookSecretMatches(secretHash: string, given: string): boolean {
  const actual = hashWebhookSecret(given);
  if (secretHash.length !== actual.length) return false;
  return timingSafeEqual(Buffer.from(secretHash, "latin1"), Buffer.from(actual, "latin1"));
}
