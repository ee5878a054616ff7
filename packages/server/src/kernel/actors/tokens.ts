import * as crypto from "node:crypto";
import type { Kernel } from "../kernel.js";
import type { BotActor } from "./actor.js";

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

/** The bot behind a token: the app must exist and be switched on. Null otherwise. */
export function authenticateToken(core: Kernel, token: string): BotActor | null {
  const hash = hashToken(token);
  const tables = core.world.tables;
  const match = tables.apps.by("token_hash", hash).values().next();
  if (match.done) return null;
  const app = match.value;
  if (!app.enabled) return null;
  const user = tables.users.get(app.bot_user_id);
  return user ? { kind: "bot", user, app } : null;
}
