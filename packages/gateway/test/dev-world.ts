import { type ManualClock, type RunningServer, type ServerOptions, startServer } from "@chatbot/server";
import { afterEach } from "vitest";

/** A JSON call to the server's dev API, as `user` when given; throws on an answer of 300 or more. */
export async function dev<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  user?: string,
): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (user) headers["x-dev-user"] = user;
  const res = await fetch(`${server.baseUrl}/dev/v1${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A started server with a person (Ada), her server and its #general, and an installed app. */
export interface DevWorld {
  readonly server: RunningServer;
  readonly token: string;
  readonly appId: string;
  readonly adaId: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly everyoneRoleId: string;
  /** Ada posts `content` in `channelId` (default #general); answers the message id. */
  post(content: string, channelId?: string): Promise<string>;
  /** Closes the app's gateway connection with `code` through the `close_gateway` fault. */
  closeGateway(code: number, reason?: string): Promise<void>;
  /** Whether the app has an identified gateway connection now (read from the server in process). */
  identified(): boolean;
}

/** The scopes, intents and permissions of the test app's install (each part can be changed). */
export interface InstallOptions {
  readonly scopes?: readonly string[];
  readonly intents?: readonly string[];
  readonly permissions?: readonly string[];
}

/** Starts a server (manual clock unless told otherwise) and builds the {@link DevWorld}. */
export async function devWorld(options: ServerOptions = {}, install: InstallOptions = {}): Promise<DevWorld> {
  const server = await startServer({ port: 0, manualClock: true, ...options });
  const ada = await dev<{ id: string }>(server, "POST", "/users", { username: "ada" });
  const guild = await dev<{ id: string; everyone_role_id: string; channels: Array<{ id: string }> }>(
    server,
    "POST",
    "/guilds",
    {
      name: "Home",
      owner_id: ada.id,
    },
  );
  const app = await dev<{ application: { id: string }; token: string }>(server, "POST", "/apps", {
    name: "Helper",
  });
  await dev(
    server,
    "POST",
    `/guilds/${guild.id}/installs`,
    {
      application_id: app.application.id,
      scopes: install.scopes ?? ["commands", "messages.read", "messages.send", "message_content"],
      intents: install.intents ?? ["guilds", "guild_messages", "message_content"],
      permissions: install.permissions ?? ["view_channels", "send_messages", "read_message_history"],
    },
    ada.id,
  );
  const channelId = guild.channels[0]!.id;
  return {
    server,
    token: app.token,
    appId: app.application.id,
    adaId: ada.id,
    guildId: guild.id,
    channelId,
    everyoneRoleId: guild.everyone_role_id,
    async post(content, channel = channelId) {
      return (await dev<{ id: string }>(server, "POST", `/channels/${channel}/messages`, { content }, ada.id))
        .id;
    },
    async closeGateway(code, reason) {
      await dev(server, "POST", "/faults", {
        app_id: app.application.id,
        kind: "close_gateway",
        code,
        ...(reason === undefined ? {} : { reason }),
      });
    },
    identified: () => server.gateway.connectionOf(app.application.id)?.open ?? false,
  };
}

/** Waits until `done()` holds, checking every 10 ms for at most `ms` (5 s); throws naming `what`. */
export async function until(what: string, done: () => boolean, ms = 5_000): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Moves the server's manual clock (shared with clients given `clock: server.clock`), then lets sockets run. */
export async function advance(server: RunningServer, ms: number): Promise<void> {
  (server.clock as ManualClock).advance(ms);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Registers cleanups run after each test of the calling file, last first; answers the adder. */
export function cleanupAfterEach(): (cleanup: () => Promise<void> | void) => void {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return (cleanup) => void cleanups.push(cleanup);
}
