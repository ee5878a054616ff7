import { type RunningServer, type ServerOptions, startServer } from "@chatbot/server";
import { afterAll, beforeAll } from "vitest";
import { RestClient } from "../src/index.js";

/** What {@link startWorld} made through the dev API. */
export interface TestWorld {
  readonly server: RunningServer;
  readonly baseUrl: string;
  readonly token: string;
  readonly appId: string;
  readonly botUserId: string;
  readonly ownerId: string;
  readonly memberId: string;
  readonly guildId: string;
  readonly everyoneRoleId: string;
  readonly channelId: string;
  /** Calls the dev API (`/dev/v1` + path) as `as`, and returns the parsed body; throws on a failure. */
  dev<T = unknown>(method: string, path: string, body?: unknown, as?: string): Promise<T>;
  close(): Promise<void>;
}

/** Options of {@link startWorld}. */
export interface WorldOptions extends ServerOptions {
  /** Scopes of the install; default every message scope and `members.read`. */
  readonly scopes?: readonly string[];
  /** Permissions of the bot's role, on top of the everyone role's. */
  readonly permissions?: readonly string[];
}

/**
 * Starts the reference server on 127.0.0.1, port 0 (rate limits off unless given), and makes an
 * owner, a member, an app installed in a server with `#general`, all through the dev API.
 */
export async function startWorld(options: WorldOptions = {}): Promise<TestWorld> {
  const { scopes, permissions, ...serverOptions } = options;
  const server = await startServer({ port: 0, rateLimits: false, ...serverOptions });
  const dev = async <T>(method: string, path: string, body?: unknown, as?: string): Promise<T> => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (as !== undefined) headers["x-dev-user"] = as;
    const response = await fetch(`${server.baseUrl}/dev/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`dev ${method} ${path}: ${response.status} ${text}`);
    return (text === "" ? undefined : JSON.parse(text)) as T;
  };
  const owner = await dev<{ id: string }>("POST", "/users", { username: "owner" });
  const member = await dev<{ id: string }>("POST", "/users", { username: "member" });
  const app = await dev<{ application: { id: string; bot_user_id: string }; token: string }>(
    "POST",
    "/apps",
    {
      name: "Helper",
      privileged_intents: ["guild_members"],
    },
  );
  const guild = await dev<{ id: string; everyone_role_id: string; channels: Array<{ id: string }> }>(
    "POST",
    "/guilds",
    {
      name: "Guild",
      owner_id: owner.id,
    },
  );
  await dev("POST", `/guilds/${guild.id}/members`, { user_id: member.id });
  await dev(
    "POST",
    `/guilds/${guild.id}/installs`,
    {
      application_id: app.application.id,
      scopes: scopes ?? [
        "commands",
        "messages.read",
        "messages.send",
        "reactions",
        "message_content",
        "members.read",
      ],
      intents: ["guilds", "guild_messages", "guild_members"],
      permissions: permissions ?? [],
    },
    owner.id,
  );
  return {
    server,
    baseUrl: server.baseUrl,
    token: app.token,
    appId: app.application.id,
    botUserId: app.application.bot_user_id,
    ownerId: owner.id,
    memberId: member.id,
    guildId: guild.id,
    everyoneRoleId: guild.everyone_role_id,
    channelId: guild.channels[0]!.id,
    dev,
    close: () => server.close(),
  };
}

/** A world and a client of its bot, for one test file. */
export interface WorldAndClient {
  readonly world: TestWorld;
  readonly rest: RestClient;
}

/** Starts a world and a client of its bot before the file's tests, and stops both after them. */
export function useWorld(options: WorldOptions = {}): WorldAndClient {
  const context = {} as { world: TestWorld; rest: RestClient };
  beforeAll(async () => {
    context.world = await startWorld(options);
    context.rest = new RestClient({ token: context.world.token, baseUrl: context.world.baseUrl });
  });
  afterAll(async () => {
    await context.rest.close();
    await context.world.close();
  });
  return context;
}
