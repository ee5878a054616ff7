import {
  PRIVILEGED_INTENTS,
  PRIVILEGED_SCOPES,
  type Intent,
  type PermissionName,
  type Scope,
} from "@chatbot/protocol";
import type { Kernel } from "../kernel.js";
import { effectiveIntents } from "../permissions/effective.js";
import type { AppRecord, ChannelRecord, GuildRecord, InstallRecord, RoleRecord } from "../world/records.js";

/** Where one part of a decision comes from. */
export type ExplanationSource =
  "owner" | "administrator" | "everyone_role" | "role" | "overwrite" | "timeout" | "install" | "app";

/** One step of a decision: a role, an overwrite, an install... and what it did to the missing right. */
export interface ExplanationStep {
  readonly source: ExplanationSource;
  /** `grants`/`allows` give the right, `denies` takes it away, `none` says nothing about it. */
  readonly effect: "grants" | "denies" | "allows" | "none";
  /** The id of the role, the overwrite's target, the app... */
  readonly id: string | null;
  readonly text: string;
}

/** Why the service refused: what was missing, where, and each step that decided it. */
export interface Explanation {
  readonly summary: string;
  readonly missing: {
    readonly kind: "permission" | "scope" | "intent" | "visibility";
    readonly name: string;
  };
  readonly guild_id: string | null;
  readonly channel_id: string | null;
  readonly steps: readonly ExplanationStep[];
}

/** Where a refusal happened, as the operation that refused knew it. */
export interface RefusalPlace {
  readonly userId: string;
  readonly guild: GuildRecord;
  readonly channel: ChannelRecord | null;
}

const has = (names: readonly PermissionName[], name: PermissionName): boolean =>
  names.includes(name) || names.includes("administrator");

function roleName(role: RoleRecord, everyoneId: string): string {
  return role.id === everyoneId ? "@everyone" : role.name;
}

/** The app whose managed role `role` is, if any. */
function managedBy(core: Kernel, guild: GuildRecord, role: RoleRecord): AppRecord | undefined {
  for (const install of core.world.tables.installs.by("guild", guild.id).values()) {
    if (install.role_id === role.id) return core.world.tables.apps.get(install.application_id);
  }
  return undefined;
}

function targetName(core: Kernel, guild: GuildRecord, type: "role" | "member", id: string): string {
  if (type === "member") {
    const user = core.world.tables.users.get(id);
    return `member ${user?.username ?? id}`;
  }
  const role = core.world.tables.roles.get(id);
  return `role ${role ? roleName(role, guild.everyone_role_id) : id}`;
}

/** The steps of the permission engine for `permission`, in its own order. */
function permissionSteps(
  core: Kernel,
  place: RefusalPlace,
  permission: PermissionName,
): { steps: ExplanationStep[]; reason: string } {
  const { guild, channel, userId } = place;
  const steps: ExplanationStep[] = [];
  const member = core.engine.member(guild.id, userId);
  if (!member) {
    return { steps, reason: "they are not a member of the server" };
  }
  const roles = core.world.tables.roles;
  const held: RoleRecord[] = [];
  const everyone = roles.get(guild.everyone_role_id);
  if (everyone) held.push(everyone);
  for (const id of member.roles) {
    const role = roles.get(id);
    if (role) held.push(role);
  }
  let granted = false;
  for (const role of held) {
    const app = managedBy(core, guild, role);
    const gives = has(role.permissions, permission);
    granted ||= gives;
    const label = roleName(role, guild.everyone_role_id);
    const managed = app ? ` (managed by the install of ${app.name})` : "";
    steps.push({
      source: role.id === guild.everyone_role_id ? "everyone_role" : "role",
      effect: gives ? "grants" : "none",
      id: role.id,
      text: `${label}${managed} ${gives ? "grants" : "does not grant"} ${permission}`,
    });
  }
  let reason = granted ? "" : "no role of theirs grants it";
  if (channel) {
    const heldIds = new Set(held.map((r) => r.id));
    const isEveryone = (o: { type: string; id: string }) =>
      o.type === "role" && o.id === guild.everyone_role_id;
    // The engine's order: the everyone overwrite, then the member's roles together (denies, then
    // allows), then the member's own overwrite.
    const everyoneOw = channel.overwrites.filter(isEveryone);
    const roleOws = channel.overwrites.filter(
      (o) => o.type === "role" && !isEveryone(o) && heldIds.has(o.id),
    );
    const ownOw = channel.overwrites.filter((o) => o.type === "member" && o.id === userId);
    for (const o of [...everyoneOw, ...roleOws, ...ownOw]) {
      const allows = o.allow.includes(permission);
      const denies = o.deny.includes(permission);
      steps.push({
        source: "overwrite",
        effect: allows ? "allows" : denies ? "denies" : "none",
        id: o.id,
        text: `the overwrite for ${targetName(core, guild, o.type, o.id)} in #${channel.name} ${
          allows ? "allows" : denies ? "denies" : "says nothing of"
        } ${permission}`,
      });
    }
    const own = ownOw[0];
    const roleAllows = roleOws.some((o) => o.allow.includes(permission));
    const roleDenier = roleOws.find((o) => o.deny.includes(permission));
    if (own?.deny.includes(permission)) reason = `the overwrite for them in #${channel.name} denies it`;
    else if (!own?.allow.includes(permission) && !roleAllows && roleDenier) {
      reason = `the overwrite for ${targetName(core, guild, "role", roleDenier.id)} in #${channel.name} denies it`;
    } else if (!own?.allow.includes(permission) && !roleAllows && everyoneOw[0]?.deny.includes(permission)) {
      reason = `the overwrite for @everyone in #${channel.name} denies it`;
    }
    if (permission !== "view_channels" && !core.engine.canView(channel, userId)) {
      steps.push({
        source: "overwrite",
        effect: "denies",
        id: channel.id,
        text: `without view_channels in #${channel.name}, no other permission counts there`,
      });
      reason = `they cannot see #${channel.name} (view_channels)`;
    }
  }
  if (core.engine.isTimedOut(member)) {
    steps.push({
      source: "timeout",
      effect: "denies",
      id: userId,
      text: "a running timeout leaves only view_channels and read_message_history",
    });
    reason = "they are timed out";
  }
  return { steps, reason: reason || "the overwrites leave it out" };
}

function who(core: Kernel, userId: string): string {
  const user = core.world.tables.users.get(userId);
  if (!user) return userId;
  if (!user.bot) return user.username;
  const app = core.world.tables.apps.by("bot_user_id", user.id).values().next();
  return app.done ? user.username : `the bot of ${app.value.name}`;
}

/** Why `userId` lacks `permission` in `place` (a channel, or the server when `channel` is null). */
export function explainPermission(
  core: Kernel,
  place: RefusalPlace,
  permission: PermissionName,
): Explanation {
  const { steps, reason } = permissionSteps(core, place, permission);
  const where = place.channel ? `#${place.channel.name}` : `the server ${place.guild.name}`;
  return {
    summary: `${who(core, place.userId)} lacks ${permission} in ${where}: ${reason}.`,
    missing: { kind: "permission", name: permission },
    guild_id: place.guild.id,
    channel_id: place.channel?.id ?? null,
    steps,
  };
}

/** Why a bot cannot see a channel that exists (it answers `404` like one that does not). */
export function explainHidden(core: Kernel, place: RefusalPlace & { channel: ChannelRecord }): Explanation {
  const { steps, reason } = permissionSteps(core, place, "view_channels");
  return {
    summary: `${who(core, place.userId)} cannot see #${place.channel.name} (view_channels: ${reason}), so the service answers as if it did not exist.`,
    missing: { kind: "visibility", name: "view_channels" },
    guild_id: place.guild.id,
    channel_id: place.channel.id,
    steps,
  };
}

/** Why an install lacks `scope`: not granted, or privileged without the app's access. */
export function explainScope(
  core: Kernel,
  app: AppRecord,
  install: InstallRecord,
  scope: Scope,
): Explanation {
  const guild = core.world.tables.guilds.get(install.guild_id);
  const granted = install.scopes.includes(scope);
  const steps: ExplanationStep[] = [
    {
      source: "install",
      effect: granted ? "grants" : "none",
      id: app.id,
      text: `the install of ${app.name} in ${guild?.name ?? install.guild_id} has the scopes ${
        install.scopes.join(", ") || "(none)"
      }`,
    },
  ];
  let reason = "the install was not granted it; install the app again with it";
  if (granted && PRIVILEGED_SCOPES.includes(scope)) {
    steps.push({
      source: "app",
      effect: "denies",
      id: app.id,
      text: `${scope} is privileged: it counts only when the app has privileged access to guild_members`,
    });
    reason = "it is privileged and the app lacks privileged access to guild_members";
  }
  return {
    summary: `${app.name} lacks the scope ${scope} in ${guild?.name ?? install.guild_id}: ${reason}.`,
    missing: { kind: "scope", name: scope },
    guild_id: install.guild_id,
    channel_id: null,
    steps,
  };
}

/**
 * Why intents an app asked for in `identify` were not granted in some of its servers: not granted by
 * the install, or privileged without the app's access. Null when every requested intent was granted
 * everywhere.
 */
export function explainIntents(
  core: Kernel,
  app: AppRecord,
  requested: readonly string[],
): Explanation | null {
  const steps: ExplanationStep[] = [];
  const missing = new Set<string>();
  // The app's own installs, from the index by app: an identify costs what the app's servers cost.
  for (const install of core.world.tables.installs.by("app", app.id).values()) {
    const guild = core.world.tables.guilds.get(install.guild_id);
    const effective = effectiveIntents(app, install);
    for (const name of requested) {
      if (effective.includes(name as Intent)) continue;
      missing.add(name);
      const privileged =
        install.intents.includes(name as Intent) && PRIVILEGED_INTENTS.includes(name as Intent);
      steps.push({
        source: privileged ? "app" : "install",
        effect: "none",
        id: install.guild_id,
        text: privileged
          ? `${name} is privileged and ${app.name} lacks access to it (PATCH /dev/v1/apps/${app.id} privileged_intents), so the install in ${guild?.name ?? install.guild_id} cannot grant it`
          : `the install in ${guild?.name ?? install.guild_id} does not grant ${name} (it grants ${install.intents.join(", ") || "none"})`,
      });
    }
  }
  if (missing.size === 0) return null;
  const names = [...missing];
  return {
    summary: `${app.name} asked for ${names.join(", ")}, which ${names.length === 1 ? "is" : "are"} not granted in every server: its events there are not sent.`,
    missing: { kind: "intent", name: names[0]! },
    guild_id: null,
    channel_id: null,
    steps,
  };
}
