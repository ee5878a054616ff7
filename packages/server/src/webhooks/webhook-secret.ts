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
 * Whether `given` is the secret behind `secretHash`. Both sides are SHA-256 digests of the same length,
 * compared with `timingSafeEqual`, so the time taken says nothing about how much of it was right.
 */
export function webhookSecretMatches(secretHash: string, given: string): boolean {
  const expected = Buffer.from(secretHash, "hex");
  const actual = hash("sha256", given, "buffer");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
