import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  DEFAULT_EVERYONE_PERMISSIONS,
  type Intent,
  type PermissionName,
  type Scope,
} from "@chatbot/protocol";
import { DevClient } from "@chatbot/protocol/dev";

/** The development world `chatbot dev` keeps in `.chatbot/`: who and where, by id. */
export interface DevWorld {
  readonly appId: string;
  readonly token: string;
  readonly botUserId: string;
  readonly guildId: string;
  /** Channel name → id: `general` (where the prompt talks), `bot-testing`, `random`. */
  readonly channels: Readonly<Record<string, string>>;
  /** Person → id: `dev` (the owner), `alice`, `bob`. */
  readonly people: Readonly<Record<string, string>>;
  /** The intents the install grants; null before the app is installed. */
  readonly intents: readonly Intent[] | null;
}

/** The scopes the development install grants. */
export const DEV_SCOPES: Scope[] = [
  "commands",
  "messages.read",
  "messages.send",
  "reactions",
  "message_content",
];
/** What the bot may do there: what every member may, and manage messages (pins, others' posts). */
const BOT_PERMISSIONS: PermissionName[] = [...DEFAULT_EVERYONE_PERMISSIONS, "manage_messages"];

/** Reads `.chatbot/dev.json`, or null when absent or unreadable. */
function readRecord(file: string): DevWorld | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as DevWorld;
  } catch {
    return null;
  }
}

/** Whether the world the record names is still there: its app's token works and it is installed. */
async function stillThere(baseUrl: string, world: DevWorld): Promise<boolean> {
  const res = await fetch(`${baseUrl}/v1/users/@me/guilds`, {
    headers: { authorization: `Bot ${world.token}` },
  });
  if (!res.ok) return false;
  const guilds = (await res.json()) as Array<{ id: string }>;
  return guilds.some((g) => g.id === world.guildId);
}

/**
 * Makes sure the development world exists on the server at `baseUrl` and answers it: a server
 * named after the project with `general`, `bot-testing` and `random`, the developer `dev` as its
 * owner plus `alice` and `bob`, and the project's app installed with {@link DEV_SCOPES} and
 * `intents`. It is remembered in `<stateDir>/dev.json` (the token is shown only once) and reused
 * while the server still holds it; an install that grants too few intents is widened in place.
 */
export async function ensureDevWorld(
  baseUrl: string,
  stateDir: string,
  projectName: string,
  intents: readonly Intent[],
): Promise<DevWorld> {
  mkdirSync(stateDir, { recursive: true });
  const file = join(stateDir, "dev.json");
  let world = readRecord(file);
  if (world && !(await stillThere(baseUrl, world))) world = null;
  const dev = new DevClient({ baseUrl });
  world ??= await makeWorld(dev, projectName);
  const granted = world.intents;
  if (granted === null || !intents.every((intent) => granted.includes(intent))) {
    world = await install(dev, world, intents);
  }
  writeFileSync(file, `${JSON.stringify(world, null, 2)}\n`, { mode: 0o600 });
  return world;
}

async function makeWorld(dev: DevClient, projectName: string): Promise<DevWorld> {
  // Usernames are unique on a server: people of an earlier world there (--fresh, or another
  // project's on the same --server-url) are taken as they are.
  const { users } = await dev.call("exportWorld");
  const people: Record<string, string> = {};
  for (const username of ["dev", "alice", "bob"]) {
    const known = users.find((u) => u.username === username);
    people[username] = known?.id ?? (await dev.call("createUser", { body: { username } })).id;
  }
  const app = await dev.call("createApp", {
    body: { name: projectName, owner_id: people.dev!, privileged_intents: ["guild_members"] },
  });
  const guild = await dev.call("createGuild", { body: { name: projectName, owner_id: people.dev! } });
  const channels: Record<string, string> = {};
  for (const c of guild.channels) channels[c.name] = c.id;
  for (const name of ["bot-testing", "random"]) {
    const channel = await dev.call("createChannel", {
      params: { guild_id: guild.id },
      body: { name, kind: "text" },
      as: people.dev!,
    });
    channels[name] = channel.id;
  }
  for (const person of ["alice", "bob"]) {
    await dev.call("joinGuild", { params: { guild_id: guild.id }, body: { user_id: people[person]! } });
  }
  return {
    appId: app.application.id,
    token: app.token,
    botUserId: app.bot_user.id,
    guildId: guild.id,
    channels,
    people,
    intents: null,
  };
}

/**
 * Installs the app with `intents`; an app already installed is widened in place (`PATCH`): it stays
 * installed and its connection open, so no event is lost while a reload asks for more intents.
 */
async function install(dev: DevClient, world: DevWorld, intents: readonly Intent[]): Promise<DevWorld> {
  const as = world.people.dev!;
  if (world.intents !== null) {
    const widened = [...new Set([...world.intents, ...intents])];
    const params = { guild_id: world.guildId, app_id: world.appId };
    await dev.call("updateInstall", { params, body: { intents: widened }, as });
    return { ...world, intents: widened };
  }
  const body = {
    application_id: world.appId,
    scopes: DEV_SCOPES,
    intents: [...intents],
    permissions: BOT_PERMISSIONS,
  };
  await dev.call("installApp", { params: { guild_id: world.guildId }, body, as });
  return { ...world, intents: [...intents] };
}
