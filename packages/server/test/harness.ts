import type { Channel, Message, Scope, User } from "@chatbot/protocol";
import { ManualClock } from "../src/kernel/clock.js";
import { type RunningServer, type ServerOptions, startServer } from "../src/index.js";

/** An answer as a test reads it. `T` is what the test expects the body to be. */
export interface ApiResult<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/** What a failed call answers (decisions.md error body). */
export interface ErrorAnswer {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
  scope?: string;
  permission?: string;
  retry_after?: number;
  global?: boolean;
}

/** Options of one call. */
export interface CallOptions {
  /** The acting person (`X-Dev-User`). */
  readonly as?: string;
  /** A raw body sent as is. */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
}

/** A running server on 127.0.0.1:0 with a manual clock, and clients for its two APIs. */
export interface Harness {
  readonly server: RunningServer;
  readonly clock: ManualClock;
  dev<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options?: CallOptions,
  ): Promise<ApiResult<T>>;
  bot<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<ApiResult<T>>;
  close(): Promise<void>;
}

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  raw?: string,
): Promise<ApiResult<T>> {
  const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const response = await fetch(baseUrl + path, {
    method,
    headers: payload === undefined ? headers : { "content-type": "application/json", ...headers },
    ...(payload === undefined ? {} : { body: payload }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text === "" ? undefined : JSON.parse(text)) as T,
    headers: response.headers,
  };
}

/** Starts a server for a test (rate limits off unless asked for). */
export async function startHarness(options: ServerOptions = {}): Promise<Harness> {
  const clock = new ManualClock(1_750_000_000_000);
  const server = await startServer({ port: 0, clock, rateLimits: false, ...options });
  return {
    server,
    clock,
    dev: (method, path, body, o = {}) =>
      call(
        server.baseUrl,
        method,
        path,
        body,
        { ...(o.as ? { "x-dev-user": o.as } : {}), ...o.headers },
        o.raw,
      ),
    bot: (token, method, path, body) =>
      call(server.baseUrl, method, path, body, { authorization: `Bot ${token}` }),
    close: () => server.close(),
  };
}

/** What {@link setupWorld} made. */
export interface TestWorld {
  readonly owner: User;
  readonly member: User;
  readonly appId: string;
  readonly botUserId: string;
  readonly token: string;
  readonly guildId: string;
  readonly everyoneRoleId: string;
  readonly botRoleId: string;
  readonly general: Channel;
}

/** Options of {@link setupWorld}. */
export interface WorldOptions {
  readonly scopes?: readonly Scope[];
  readonly permissions?: readonly string[];
  readonly privileged?: boolean;
  readonly intents?: readonly string[];
}

/** Helper to read a body known to succeed. */
export function ok<T>(result: ApiResult<T>, status = 200): T {
  if (result.status !== status) {
    throw new Error(`expected ${status}, got ${result.status}: ${JSON.stringify(result.body)}`);
  }
  return result.body;
}

/** `as` posts `body` in `channelId` through the dev API; answers the message, or throws unless `201`. */
export async function personPosts(h: Harness, channelId: string, body: object, as: string): Promise<Message> {
  return ok(await h.dev<Message>("POST", `/dev/v1/channels/${channelId}/messages`, body, { as }), 201);
}

/**
 * Makes an owner, a member, an app installed with `options`, and a server with `#general`, through
 * the dev API.
 */
export async function setupWorld(h: Harness, options: WorldOptions = {}): Promise<TestWorld> {
  const owner = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "owner" }), 201);
  const member = ok(await h.dev<User>("POST", "/dev/v1/users", { username: "member" }), 201);
  const app = ok(
    await h.dev<{ application: { id: string; bot_user_id: string }; token: string }>("POST", "/dev/v1/apps", {
      name: "Helper",
      ...(options.privileged ? { privileged_intents: ["guild_members"] } : {}),
    }),
    201,
  );
  const guild = ok(
    await h.dev<{ id: string; everyone_role_id: string; channels: Channel[] }>("POST", "/dev/v1/guilds", {
      name: "Guild",
      owner_id: owner.id,
    }),
    201,
  );
  ok(await h.dev("POST", `/dev/v1/guilds/${guild.id}/members`, { user_id: member.id }), 201);
  const install = ok(
    await h.dev<{ role_id: string }>(
      "POST",
      `/dev/v1/guilds/${guild.id}/installs`,
      {
        application_id: app.application.id,
        scopes: options.scopes ?? [
          "messages.read",
          "messages.send",
          "reactions",
          "message_content",
          "members.read",
        ],
        permissions: options.permissions ?? [],
        ...(options.intents ? { intents: options.intents } : {}),
      },
      { as: owner.id },
    ),
    201,
  );
  return {
    owner,
    member,
    appId: app.application.id,
    botUserId: app.application.bot_user_id,
    token: app.token,
    guildId: guild.id,
    everyoneRoleId: guild.everyone_role_id,
    botRoleId: install.role_id,
    general: guild.channels[0]!,
  };
}
