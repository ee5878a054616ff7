import { createHash, randomBytes } from "node:crypto";

/** Makes a new bot token: the app id (base64url) and 32 random bytes. Only its hash is kept. */
export function newToken(appId: string): string {
  return `${Buffer.from(appId).toString("base64url")}.${randomBytes(32).toString("base64url")}`;
}

/** The hex SHA-256 of a token: what the world keeps and looks tokens up by. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
