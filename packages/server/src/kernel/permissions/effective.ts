import { type Intent, PRIVILEGED_INTENTS, PRIVILEGED_SCOPES, type Scope } from "@chatbot/protocol";
import type { AppRecord, InstallRecord } from "../world/records.js";

/** Whether the app has privileged access (a per-app setting of the dev API) to `guild_members`. */
export function hasPrivilegedMembers(app: AppRecord): boolean {
  return app.privileged_intents.includes("guild_members");
}

/**
 * The install's effective scopes: `members.read` counts only where the app has privileged access
 * (it follows the privileged intent `guild_members`).
 */
export function effectiveScopes(app: AppRecord, install: InstallRecord): Scope[] {
  const privileged = hasPrivilegedMembers(app);
  return install.scopes.filter((s) => privileged || !PRIVILEGED_SCOPES.includes(s));
}

/** The install's effective intents: privileged intents only with privileged access to them. */
export function effectiveIntents(app: AppRecord, install: InstallRecord): Intent[] {
  return install.intents.filter((i) => !PRIVILEGED_INTENTS.includes(i) || app.privileged_intents.includes(i));
}
