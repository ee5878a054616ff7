// Support for the gateway and event tests: a reference server from startServer on 127.0.0.1:0 with
// the manual clock, the dev API over fetch, and `ws` clients that identify and read frames.
import { type Intent, type PermissionName, type Scope, ServerFrameSchema, validate } from "@chatbot/protocol";
import { WebSocket } from "ws";
import { ManualClock } from "../src/kernel/clock.js";
import { type RunningServer, type ServerOptions, startServer } from "../src/index.js";

/** A frame as a client received it. */
export interface Frame {
  op: string;
  t?: string;
  s?: number;
  // Frames are read as JSON: tests look into `d` with toMatchObject.
  d?: unknown;
}

/** A dispatch frame. */
export interface Dispatch extends Frame {
  t: string;
  s: number;
}

/** The `d` of `frame`, read as `T` (throws when there is no frame). */
export function payloadOf<T>(frame: Frame | undefined): T {
  if (!frame) throw new Error("no frame");
  return frame.d as T;
}

/** An HTTP answer as a test reads it. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** How a connection ended, as the client saw it. */
export interface Closed {
  code: number;
  reason: string;
}

/**
 * A `ws` client on `/v1/gateway` that queues what it receives. Every frame is checked against the
 * protocol's `ServerFrameSchema` (each event's payload by its name); a frame that does not match
 * makes the next read throw.
 */
export class GatewayClient {
  readonly frames: Frame[] = [];
  /** Frames that did not match the protocol's schema, described. */
  readonly invalid: string[] = [];
  /** The `hello` frame, once read by {@link GatewayHarness.open}. */
  hello: Frame | null = null;
  closeEvent: Closed | null = null;
  readonly closed: Promise<Closed>;
  #wake: (() => void) | null = null;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      const frame = JSON.parse(data.toString("utf8")) as Frame;
      const checked = validate(ServerFrameSchema, frame);
      if (!checked.success) this.invalid.push(`${frame.t ?? frame.op}: ${JSON.stringify(checked.errors)}`);
      this.frames.push(frame);
      this.#wake?.();
    });
    this.closed = new Promise((resolve) => {
      ws.on("close", (code: number, reason: Buffer) => {
        this.closeEvent = { code, reason: reason.toString("utf8") };
        resolve(this.closeEvent);
        this.#wake?.();
      });
    });
    ws.on("error", () => {});
  }

  /** The next frame (waits for it; throws when the socket closes first). */
  async next(): Promise<Frame> {
    if (this.invalid.length > 0) throw new Error(`invalid frames: ${this.invalid.join("; ")}`);
    for (let turns = 0; this.frames.length === 0; turns++) {
      if (this.closeEvent) throw new Error(`closed ${this.closeEvent.code} ${this.closeEvent.reason}`);
      if (turns > 10_000) throw new Error("no frame came");
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = null;
    }
    return this.frames.shift() as Frame;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /**
   * Every dispatch sent before now: sends a heartbeat and reads up to its `heartbeat_ack`. The
   * server writes each change's events before it answers the request that made the change, so
   * after a dev API call this returns exactly the events that call caused (and proves absence).
   */
  async drain(): Promise<Dispatch[]> {
    this.send({ op: "heartbeat", d: null });
    const out: Dispatch[] = [];
    for (;;) {
      const frame = await this.next();
      if (frame.op === "heartbeat_ack") return out;
      if (frame.op === "dispatch") out.push(frame as Dispatch);
    }
  }

  /** The event names of {@link drain}. */
  async drainTypes(): Promise<string[]> {
    return (await this.drain()).map((f) => f.t);
  }
}

/** A person, app, server or install made through the dev API. */
export interface TestApp {
  readonly id: string;
  readonly botUserId: string;
  readonly token: string;
}

/** A server made through the dev API. */
export interface TestGuild {
  readonly id: string;
  readonly everyoneRoleId: string;
  readonly generalId: string;
}

/** Options of an install. */
export interface InstallOptions {
  readonly scopes?: readonly Scope[];
  readonly intents?: readonly Intent[];
  readonly permissions?: readonly PermissionName[];
}

/** A started server and the helpers the tests drive it with. */
export class GatewayHarness {
  private readonly clients: GatewayClient[] = [];

  private constructor(
    readonly server: RunningServer,
    readonly clock: ManualClock,
  ) {}

  /** Starts a server with `manualClock: true` and rate limits off (unless `options` says otherwise). */
  static async start(options: ServerOptions = {}): Promise<GatewayHarness> {
    const server = await startServer({ port: 0, manualClock: true, rateLimits: false, ...options });
    if (!(server.clock instanceof ManualClock)) throw new Error("expected the manual clock");
    return new GatewayHarness(server, server.clock);
  }

  /** Any dev API call; `as` is `X-Dev-User`. */
  async devCall<T = unknown>(method: string, path: string, body?: unknown, as?: string): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (as) headers["x-dev-user"] = as;
    if (body !== undefined) headers["content-type"] = "application/json";
    return this.fetch<T>(`/dev/v1${path}`, method, headers, body);
  }

  /** A dev API call that must succeed (2xx); its body. */
  async dev<T = unknown>(method: string, path: string, body?: unknown, as?: string): Promise<T> {
    const answer = await this.devCall<T>(method, path, body, as);
    if (answer.status >= 300) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }

  /** A `/v1` call with a bot token. */
  async bot<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { authorization: `Bot ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    return this.fetch<T>(path, method, headers, body);
  }

  async person(username: string): Promise<{ id: string }> {
    return this.dev("POST", "/users", { username });
  }

  async app(name: string, privileged: readonly Intent[] = []): Promise<TestApp> {
    const made = await this.dev<{ application: { id: string; bot_user_id: string }; token: string }>(
      "POST",
      "/apps",
      { name, privileged_intents: privileged },
    );
    return { id: made.application.id, botUserId: made.application.bot_user_id, token: made.token };
  }

  async guild(name: string, ownerId: string): Promise<TestGuild> {
    const made = await this.dev<{ id: string; everyone_role_id: string; channels: { id: string }[] }>(
      "POST",
      "/guilds",
      { name, owner_id: ownerId },
    );
    return { id: made.id, everyoneRoleId: made.everyone_role_id, generalId: made.channels[0]?.id ?? "" };
  }

  /** Installs `app` in `guild` as `ownerId`; answers the managed role's id. */
  async install(
    guildId: string,
    appId: string,
    ownerId: string,
    options: InstallOptions = {},
  ): Promise<string> {
    const made = await this.dev<{ role_id: string }>(
      "POST",
      `/guilds/${guildId}/installs`,
      {
        application_id: appId,
        scopes: options.scopes ?? ["messages.read", "messages.send", "reactions", "message_content"],
        permissions: options.permissions ?? ["view_channels", "send_messages", "read_message_history"],
        ...(options.intents ? { intents: options.intents } : {}),
      },
      ownerId,
    );
    return made.role_id;
  }

  /** Opens a socket on the gateway and reads `hello`. */
  async open(): Promise<GatewayClient> {
    const client = new GatewayClient(new WebSocket(this.server.gatewayUrl));
    this.clients.push(client);
    const hello = await client.next();
    if (hello.op !== "hello") throw new Error(`expected hello, got ${JSON.stringify(hello)}`);
    client.hello = hello;
    return client;
  }

  /** Opens, identifies with `intents`, and reads `READY` and its `GUILD_CREATE`s. */
  async connect(
    token: string,
    intents: readonly string[],
  ): Promise<{ client: GatewayClient; ready: Dispatch; guilds: Dispatch[] }> {
    const client = await this.open();
    client.send({ op: "identify", d: { token, intents } });
    const ready = (await client.next()) as Dispatch;
    if (ready.t !== "READY") throw new Error(`expected READY, got ${JSON.stringify(ready)}`);
    const count = (ready.d as { guilds: unknown[] }).guilds.length;
    const guilds: Dispatch[] = [];
    for (let i = 0; i < count; i++) guilds.push((await client.next()) as Dispatch);
    return { client, ready, guilds };
  }

  /** Moves the server's clock through the dev API (`POST /dev/v1/clock`). */
  async advance(ms: number): Promise<void> {
    await this.dev("POST", "/clock", { advance_ms: ms });
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.ws.terminate();
    await this.server.close();
  }

  private async fetch<T>(
    path: string,
    method: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<Answer<T>> {
    const response = await fetch(this.server.baseUrl + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text === "" ? undefined : JSON.parse(text)) as T,
      headers: response.headers,
    };
  }
}

/** A world most event tests start from: an owner, a member, a server and one app installed. */
export interface EventWorld {
  readonly ownerId: string;
  readonly memberId: string;
  readonly guild: TestGuild;
  readonly app: TestApp;
  readonly roleId: string;
}

/** Makes {@link EventWorld} with the install `options` (privileged access when `privileged`). */
export async function eventWorld(
  h: GatewayHarness,
  options: InstallOptions & { privileged?: boolean } = {},
): Promise<EventWorld> {
  const owner = await h.person("owner");
  const member = await h.person("member");
  const guild = await h.guild("Guild", owner.id);
  await h.dev("POST", `/guilds/${guild.id}/members`, { user_id: member.id });
  const app = await h.app("Helper", options.privileged ? ["guild_members"] : []);
  const roleId = await h.install(guild.id, app.id, owner.id, options);
  return { ownerId: owner.id, memberId: member.id, guild, app, roleId };
}
