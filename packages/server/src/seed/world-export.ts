import { compareIds } from "../ids.js";
import type { World } from "../world/world.js";
import type { ParsedSeedWorld } from "./seed-schema.js";

const byId = <T extends { id: string }>(rows: Iterable<T>): T[] =>
  [...rows].sort((a, b) => compareIds(a.id, b.id));

const byPair = <T extends { guild_id: string }>(rows: Iterable<T>, other: (row: T) => string): T[] =>
  [...rows].sort((a, b) => compareIds(a.guild_id, b.guild_id) || compareIds(other(a), other(b)));

/**
 * The whole world in the seed shape (`GET /dev/v1/world`), in id order, so it can be saved and
 * loaded again. Apps show only their `token_hash` and webhooks only their `secret_hash`; the
 * connection history and interactions are not part of it.
 */
export function exportWorld(world: World): ParsedSeedWorld {
  const t = world.tables;
  return {
    version: 1,
    users: byId(t.users.values()).map((u) => ({ ...u })),
    apps: byId(t.apps.values()).map((a) => ({ ...a, privileged_intents: [...a.privileged_intents] })),
    guilds: byId(t.guilds.values()).map((g) => ({ ...g })),
    roles: byId(t.roles.values()).map((r) => ({ ...r, permissions: [...r.permissions] })),
    categories: byId(t.categories.values()).map((c) => ({ ...c })),
    channels: byId(t.channels.values()).map((c) => ({
      ...c,
      overwrites: c.overwrites.map((o) => ({ ...o, allow: [...o.allow], deny: [...o.deny] })),
    })),
    members: byPair(t.members.values(), (m) => m.user_id).map((m) => ({ ...m, roles: [...m.roles] })),
    installs: byPair(t.installs.values(), (i) => i.application_id).map((i) => ({
      ...i,
      scopes: [...i.scopes],
      intents: [...i.intents],
      permissions: [...i.permissions],
    })),
    messages: byId(t.messages.values()).map((m) => structuredClone(m) as ParsedSeedWorld["messages"][number]),
    bans: byPair(t.bans.values(), (b) => b.user_id).map((b) => ({ ...b })),
    emojis: byId(t.emojis.values()).map((e) => ({ ...e })),
    audit_log: byId(t.audit_log.values()).map(
      (a) => structuredClone(a) as ParsedSeedWorld["audit_log"][number],
    ),
    webhooks: byId(t.webhooks.values()).map((w) => ({ ...w })),
    commands: byId(t.commands.values()).map((c) => structuredClone(c) as ParsedSeedWorld["commands"][number]),
    automod_rules: byId(t.automod_rules.values()).map((r) => ({ ...r, keywords: [...r.keywords] })),
  };
}
