import type { GuildCreatePayload, Scope } from "@chatbot/protocol";

/**
 * The servers whose install does not grant a scope a plugin needs, as one warning (or null when
 * every install grants them all).
 */
export function missingScopesWarning(
  needed: ReadonlyMap<Scope, readonly string[]>,
  guilds: readonly Pick<GuildCreatePayload, "id" | "name" | "scopes">[],
): string | null {
  if (needed.size === 0) return null;
  const lines: string[] = [];
  for (const guild of guilds) {
    // A snapshot without its install's scopes says nothing either way.
    if (!Array.isArray(guild.scopes)) continue;
    const granted = new Set<string>(guild.scopes);
    const parts = [...needed]
      .filter(([scope]) => !granted.has(scope))
      .map(([scope, plugins]) => `${scope} (for ${plugins.join(", ")})`);
    if (parts.length > 0)
      lines.push(`in server "${guild.name}" (${guild.id}) the install does not grant ${parts.join(", ")}`);
  }
  if (lines.length === 0) return null;
  return `some plugins lack a scope they need: ${lines.join(" | ")}. Ask the server to grant it (members.read also needs privileged access).`;
}
