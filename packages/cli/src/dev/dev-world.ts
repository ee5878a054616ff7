import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_EVERYONE_PERMISSIONS, type Intent, type PermissionName } from "@chatbot/protocol";

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
export const DEV_SCOPES = ["commands", "messages.read", "messages.send", "reactions", "message_content"];
/** What the bot may do there: what every member may, and manage messages (pins, others' posts). */
const BOT_PERMISSIONS: PermissionName[] = [...DEFAULT_EVERYONE_PERMISSIONS, "manage_messages"];

/** A failed dev API call, with what the server said. */
export class DevApiError extends Error {
  readonly code = "dev_api_failed";
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}: ${body}`);
    this.name = "DevApiError";
  }
}

/** Calls the dev API of `baseUrl`, as `person` when given. */
export async function devCall<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  person?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (person !== undefined) headers["x-dev-user"] = person;
  const res = await fetch(`${baseUrl}/dev/v1${path}`, {
    method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new DevApiError(method, `/dev/v1${path}`, res.status, text);
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

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
  world ??= await makeWorld(baseUrl, projectName);
  const granted = world.intents;
  if (granted === null || !intents.every((intent) => granted.includes(intent))) {
    world = await install(baseUrl, world, intents);
  }
  writeFileSync(file, `${JSON.stringify(world, null, 2)}\n`, { mode: 0o600 });
  return world;
}

async function makeWorld(baseUrl: string, projectName: string): Promise<DevWorld> {
  // Usernames are unique on a server: people of an earlier world there (--fresh, or another
  // project's on the same --server-url) are taken as they are.
  const { users } = await devCall<{ users: Array<{ id: string; username: string }> }>(
    baseUrl,
    "GET",
    "/world",
  );
  const people: Record<string, string> = {};
  for (const username of ["dev", "alice", "bob"]) {
    const known = users.find((u) => u.username === username);
    people[username] =
      known?.id ?? (await devCall<{ id: string }>(baseUrl, "POST", "/users", { username })).id;
  }
  const app = await devCall<{ application: { id: string }; bot_user: { id: string }; token: string }>(
    baseUrl,
    "POST",
    "/apps",
    { name: projectName, owner_id: people.dev, privileged_intents: ["guild_members"] },
  );
  const guild = await devCall<{ id: string; channels: Array<{ id: string; name: string }> }>(
    baseUrl,
    "POST",
    "/guilds",
    { name: projectName, owner_id: people.dev },
  );
  const channels: Record<string, string> = {};
  for (const c of guild.channels) channels[c.name] = c.id;
  for (const name of ["bot-testing", "random"]) {
    const channel = await devCall<{ id: string }>(
      baseUrl,
      "POST",
      `/guilds/${guild.id}/channels`,
      { name, kind: "text" },
      people.dev,
    );
    channels[name] = channel.id;
  }
  for (const person of ["alice", "bob"]) {
    await devCall(baseUrl, "POST", `/guilds/${guild.id}/members`, { user_id: people[person] });
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
async function install(baseUrl: string, world: DevWorld, intents: readonly Intent[]): Promise<DevWorld> {
  const owner = world.people.dev;
  const installs = `/guilds/${world.guildId}/installs`;
  if (world.intents !== null) {
    const widened = [...new Set([...world.intents, ...intents])];
    await devCall(baseUrl, "PATCH", `${installs}/${world.appId}`, { intents: widened }, owner);
    return { ...world, intents: widened };
  }
  const body = { application_id: world.appId, scopes: DEV_SCOPES, intents, permissions: BOT_PERMISSIONS };
  await devCall(baseUrl, "POST", installs, body, owner);
  return { ...world, intents: [...intents] };
}
