import {
  DEFAULT_EVERYONE_PERMISSIONS,
  INTENTS,
  type Intent,
  type PermissionName,
  PRIVILEGED_INTENTS,
  type Scope,
} from "@chatbot/protocol";
import { IdGenerator, type SeedWorld } from "@chatbot/server";
import { randomBytes } from "node:crypto";
import { WorldDescriptionError } from "./errors.js";
import type {
  AppDescription,
  OverwriteDescription,
  PersonDescription,
  RoleDescription,
  ServerDescription,
  WorldDescription,
} from "./world-description.js";

/** The scopes an app of a described world gets unless told otherwise. */
export const DEFAULT_APP_SCOPES: readonly Scope[] = [
  "commands",
  "messages.read",
  "messages.send",
  "reactions",
  "message_content",
];

/** Every intent that needs no privileged access. */
export const DEFAULT_APP_INTENTS: readonly Intent[] = INTENTS.filter((i) => !PRIVILEGED_INTENTS.includes(i));

/** The install's permissions unless told otherwise. */
export const DEFAULT_APP_PERMISSIONS: readonly PermissionName[] = [
  "view_channels",
  "send_messages",
  "read_message_history",
  "embed_links",
  "attach_files",
  "add_reactions",
];

/** A seed built from a description, with the token of each app and the key it was described under. */
export interface BuiltSeed {
  readonly seed: SeedWorld;
  /** App id → token. */
  readonly tokens: ReadonlyMap<string, string>;
  /** App id → the name the description gave it (`bot` for `app`). */
  readonly appKeys: ReadonlyMap<string, string>;
}

type SeedRow<K extends Exclude<keyof SeedWorld, "version">> = NonNullable<SeedWorld[K]>[number];
type OverwriteRow = NonNullable<SeedRow<"channels">["overwrites"]>[number];

/** A channel overwrite for an app, whose bot account's id is known once the apps are built. */
interface AppOverwrite {
  readonly row: OverwriteRow;
  readonly app: string;
  readonly server: string;
  readonly field: string;
}

const NAME = /^[a-z0-9_-]{1,64}$/i;

function checkName(name: string, field: string): void {
  if (!NAME.test(name)) throw new WorldDescriptionError(field, "names are 1 to 64 letters, digits, _ or -");
}

function peopleOf(description: WorldDescription): Map<string, PersonDescription> {
  const people = new Map<string, PersonDescription>();
  const given = description.people ?? [];
  const entries: [string, PersonDescription][] = Array.isArray(given)
    ? (given as readonly string[]).map((n) => [n, {}])
    : Object.entries(given as Record<string, PersonDescription>);
  for (const [name, person] of entries) {
    checkName(name, `people.${name}`);
    if (people.has(name)) throw new WorldDescriptionError(`people.${name}`, "named twice");
    people.set(name, person);
  }
  return people;
}

function serversOf(description: WorldDescription): [string, ServerDescription][] {
  if (!description.servers) return [["test", description]];
  for (const key of ["channels", "roles", "everyone", "owner", "members"] as const) {
    if (description[key] !== undefined)
      throw new WorldDescriptionError(key, "with `servers`, describe it inside each server");
  }
  const servers = Object.entries(description.servers);
  if (servers.length === 0) throw new WorldDescriptionError("servers", "at least one server");
  return servers;
}

function appsOf(description: WorldDescription): [string, AppDescription][] {
  if (description.app && description.apps)
    throw new WorldDescriptionError("apps", "give `app` or `apps`, not both");
  if (description.apps) return Object.entries(description.apps);
  return [[description.app?.name ?? "bot", description.app ?? {}]];
}

function roleRow(role: RoleDescription): {
  permissions: PermissionName[];
  mentionable: boolean;
  hoist: boolean;
  color: string | null;
} {
  if (Array.isArray(role))
    return { permissions: [...(role as PermissionName[])], mentionable: false, hoist: false, color: null };
  const r = role as Exclude<RoleDescription, readonly PermissionName[]>;
  return {
    permissions: [...r.permissions],
    mentionable: r.mentionable ?? false,
    hoist: r.hoist ?? false,
    color: r.color ?? null,
  };
}

/**
 * Turns a world description into a seed: ids lie just before `clockStart`, so every id the server
 * makes later sorts after them. Every name is checked; a bad one names its path.
 */
export function buildSeed(description: WorldDescription, clockStart: number): BuiltSeed {
  const ids = new IdGenerator(() => clockStart - 1000, 3);
  const people = peopleOf(description);
  const servers = serversOf(description);
  const apps = appsOf(description);
  const appNames = new Set(apps.map(([name]) => name));
  const appOverwrites: AppOverwrite[] = [];
  const users: SeedRow<"users">[] = [];
  const userIds = new Map<string, string>();
  const addUser = (name: string, display?: string) => {
    const id = ids.next();
    userIds.set(name, id);
    users.push({ id, username: name, name: display ?? name });
  };
  for (const [name, person] of people) addUser(name, person.name);
  if (servers.some(([, s]) => s.owner === undefined) && !userIds.has("owner")) addUser("owner");

  const seed = {
    users,
    apps: [] as SeedRow<"apps">[],
    guilds: [] as SeedRow<"guilds">[],
    roles: [] as SeedRow<"roles">[],
    channels: [] as SeedRow<"channels">[],
    members: [] as SeedRow<"members">[],
    installs: [] as SeedRow<"installs">[],
  };
  const guildIds = new Map<string, string>();
  for (const [serverName, server] of servers) {
    const at = description.servers ? `servers.${serverName}.` : "";
    checkName(serverName, `servers.${serverName}`);
    const ownerName = server.owner ?? "owner";
    const ownerId = userIds.get(ownerName);
    if (!ownerId) throw new WorldDescriptionError(`${at}owner`, `no person named ${ownerName}`);
    const guildId = ids.next();
    guildIds.set(serverName, guildId);
    seed.guilds.push({ id: guildId, name: serverName, owner_id: ownerId, everyone_role_id: guildId });
    seed.roles.push({
      id: guildId,
      guild_id: guildId,
      name: "@everyone",
      position: 0,
      default: true,
      permissions: [...(server.everyone ?? DEFAULT_EVERYONE_PERMISSIONS)],
    });
    const roleIds = new Map<string, string>([["everyone", guildId]]);
    const roles = Object.entries(server.roles ?? {});
    roles.forEach(([roleName, role], index) => {
      checkName(roleName, `${at}roles.${roleName}`);
      if (roleName === "everyone")
        throw new WorldDescriptionError(`${at}roles.everyone`, "use `everyone` for the everyone role");
      const id = ids.next();
      roleIds.set(roleName, id);
      seed.roles.push({
        id,
        guild_id: guildId,
        name: roleName,
        position: roles.length - index,
        ...roleRow(role),
      });
    });
    for (const [memberName, roleNames] of membersOf(server, people, ownerName, at)) {
      const userId = userIds.get(memberName);
      if (!userId)
        throw new WorldDescriptionError(`${at}members.${memberName}`, `no person named ${memberName}`);
      const memberRoles = roleNames.flatMap((r, i) => {
        const id = roleIds.get(r);
        if (id === undefined && server.members !== undefined)
          throw new WorldDescriptionError(`${at}members.${memberName}.${i}`, `no role named ${r}`);
        return id === undefined || id === guildId ? [] : [id];
      });
      seed.members.push({ guild_id: guildId, user_id: userId, roles: memberRoles });
    }
    const channels = Object.entries(server.channels ?? { general: {} });
    channels.forEach(([channelName, channel], position) => {
      checkName(channelName, `${at}channels.${channelName}`);
      const overwrites = Object.entries(channel.overwrites ?? {}).map(([target, ow]) => {
        const field = `${at}channels.${channelName}.overwrites.${target}`;
        const row = overwriteRow(target, ow, roleIds, userIds, appNames, field);
        if (row.id === "") appOverwrites.push({ row, app: target, server: serverName, field });
        return row;
      });
      seed.channels.push({
        id: ids.next(),
        guild_id: guildId,
        name: channelName,
        kind: channel.kind ?? "text",
        topic: channel.topic ?? null,
        position,
        slowmode_seconds: channel.slowmodeSeconds ?? 0,
        overwrites,
      });
    });
  }
  for (const person of people.keys()) {
    for (const [i, role] of (people.get(person)?.roles ?? []).entries()) {
      if (!seed.roles.some((r) => r.name === role))
        throw new WorldDescriptionError(`people.${person}.roles.${i}`, `no server has a role named ${role}`);
    }
  }

  const tokens = new Map<string, string>();
  const appKeys = new Map<string, string>();
  const botUsers = new Map<string, { id: string; servers: readonly string[] }>();
  for (const [appName, app] of apps) {
    checkName(appName, `apps.${appName}`);
    const id = ids.next();
    const botUserId = ids.next();
    const token = `test-${randomBytes(18).toString("base64url")}`;
    tokens.set(id, token);
    appKeys.set(id, appName);
    botUsers.set(appName, { id: botUserId, servers: app.installedIn ?? [...guildIds.keys()] });
    seed.apps.push({
      id,
      name: app.name ?? appName,
      token,
      bot_user_id: botUserId,
      privileged_intents: app.privileged ? [...PRIVILEGED_INTENTS] : [],
    });
    for (const serverName of app.installedIn ?? guildIds.keys()) {
      const guildId = guildIds.get(serverName);
      if (!guildId)
        throw new WorldDescriptionError(`apps.${appName}.installedIn`, `no server named ${serverName}`);
      seed.installs.push({
        guild_id: guildId,
        application_id: id,
        // Privileged access brings what it is for: the member intent and scope, unless told otherwise.
        scopes: [
          ...(app.scopes ?? (app.privileged ? [...DEFAULT_APP_SCOPES, "members.read"] : DEFAULT_APP_SCOPES)),
        ],
        intents: [
          ...(app.intents ??
            (app.privileged ? [...DEFAULT_APP_INTENTS, "guild_members"] : DEFAULT_APP_INTENTS)),
        ],
        permissions: [...(app.permissions ?? DEFAULT_APP_PERMISSIONS)],
      });
    }
  }
  // An app's overwrite is its bot account's, which is a member only where the app is installed.
  for (const { row, app, server, field } of appOverwrites) {
    const bot = botUsers.get(app)!;
    if (!bot.servers.includes(server))
      throw new WorldDescriptionError(field, `the app ${app} is not installed in server ${server}`);
    row.id = bot.id;
  }
  return { seed, tokens, appKeys };
}

function membersOf(
  server: ServerDescription,
  people: ReadonlyMap<string, PersonDescription>,
  ownerName: string,
  at: string,
): [string, readonly string[]][] {
  const given = server.members;
  let members: [string, readonly string[]][];
  if (given === undefined) members = [...people].map(([name, p]) => [name, p.roles ?? []]);
  else if (Array.isArray(given))
    members = (given as readonly string[]).map((n) => [n, people.get(n)?.roles ?? []]);
  else members = Object.entries(given as Record<string, readonly string[]>);
  if (!members.some(([name]) => name === ownerName)) members.unshift([ownerName, []]);
  const seen = new Set<string>();
  for (const [name] of members) {
    if (seen.has(name)) throw new WorldDescriptionError(`${at}members.${name}`, "named twice");
    seen.add(name);
  }
  return members;
}

/**
 * The overwrite for `target`, a role, a person or an app by name; an app's has the id `""`, which
 * the caller sets to its bot account's once the apps are built.
 */
function overwriteRow(
  target: string,
  overwrite: OverwriteDescription,
  roleIds: ReadonlyMap<string, string>,
  userIds: ReadonlyMap<string, string>,
  appNames: ReadonlySet<string>,
  field: string,
): OverwriteRow {
  const roleId = roleIds.get(target);
  const userId = userIds.get(target);
  const kinds = [
    roleId !== undefined && "a role",
    userId !== undefined && "a person",
    appNames.has(target) && "an app",
  ].filter((kind) => kind !== false);
  if (kinds.length > 1) {
    const both = `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}`;
    throw new WorldDescriptionError(field, `${target} is ${kinds.length === 2 ? "both " : ""}${both}`);
  }
  if (kinds.length === 0) throw new WorldDescriptionError(field, `no role, person or app named ${target}`);
  return {
    id: roleId ?? userId ?? "",
    type: roleId !== undefined ? "role" : "member",
    allow: [...(overwrite.allow ?? [])],
    deny: [...(overwrite.deny ?? [])],
  };
}
