import type { CommandOption } from "@chatbot/protocol";

/**
 * A slash command of an app, as the world keeps it: global (`guild_id` null, seen in every server
 * the app is installed in) or registered for one server. The id stays while the name stays.
 */
export interface CommandRecord {
  readonly id: string;
  readonly application_id: string;
  /** The server of a server command; null for a global command. */
  readonly guild_id: string | null;
  readonly name: string;
  readonly description: string;
  /** Options as validated by the protocol's `CommandOptionSchema` (unknown keys dropped). */
  readonly options: readonly CommandOption[];
  /** Accepted and kept as a decimal string; not enforced. */
  readonly default_member_permissions: string | null;
}

/** The key of a command scope: the app, and the server or nothing for global commands. */
export function commandScopeKey(applicationId: string, guildId: string | null): string {
  return `${applicationId}:${guildId ?? "global"}`;
}
