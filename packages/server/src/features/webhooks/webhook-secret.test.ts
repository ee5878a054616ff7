import { describe, expect, it } from "vitest";
import { hashWebhookSecret, newWebhookSecret, webhookSecretMatches } from "./webhook-secret.js";

describe("webhook secrets", () => {
  it("matches only the secret behind the kept hash", () => {
    const secret = newWebhookSecret();
    const kept = hashWebhookSecret(secret);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSecretMatches(kept, secret)).toBe(true);
    const lastCharChanged = secret.slice(0, -1) + (secret.endsWith("A") ? "B" : "A");
    expect(webhookSecretMatches(kept, lastCharChanged)).toBe(false);
    expect(webhookSecretMatches(kept, newWebhookSecret())).toBe(false);
    expect(webhookSecretMatches(kept, "")).toBe(false);
  });

  it("never matches a hash of another shape", () => {
    const secret = newWebhookSecret();
    expect(webhookSecretMatches("", secret)).toBe(false);
    expect(webhookSecretMatches(hashWebhookSecret(secret).slice(0, 63), secret)).toBe(false);
    expect(webhookSecretMatches(hashWebhookSecret(secret).toUpperCase(), secret)).toBe(false);
  });
});
