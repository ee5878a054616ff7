/** Install scopes of the interface. */
export const SCOPES = [
  "commands",
  "members.read",
  "messages.read",
  "messages.send",
  "reactions",
  "message_content",
] as const;

/** An install scope name. */
export type Scope = (typeof SCOPES)[number];

/** Scopes that take effect only where the app has privileged access (docs/decisions.md). */
export const PRIVILEGED_SCOPES: readonly Scope[] = ["members.read"];

/** The scope new apps ask for by default. */
export const DEFAULT_SCOPES: readonly Scope[] = ["commands"];

/** Whether `name` is a scope name of the interface. */
export function isScope(name: string): name is Scope {
  return (SCOPES as readonly string[]).includes(name);
}
