import * as crypto from "node:crypto";

/** Makes a new bot token: the app id (base64url) and 32 random bytes. Only its hash is kept. */
export function newToken(appId: string): string {
  return `${Buffer.from(appId).toString("base64url")}.${crypto.randomBytes(32).toString("base64url")}`;
}

/** The hex SHA-256 of a token: what the world keeps and looks tokens up by. */
export function hashToken(token: string): string {
  // The one-shot `crypto.hash` (Node 20.12+) is a third faster than a Hash object; every /v1 call
  // hashes its token, so it is worth it on the hot path.
  return oneShot ? oneShot("sha256", token, "hex") : crypto.createHash("sha256").update(token).digest("hex");
}

type OneShotHash = (algorithm: string, data: string, encoding: "hex") => string;
const oneShot = (crypto as unknown as { hash?: OneShotHash }).hash;
