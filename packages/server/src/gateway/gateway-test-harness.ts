// Test support for the gateway's own tests (not re-exported): a real HTTP server on loopback whose
// `upgrade` event calls `handleUpgrade`, an in-test backend on a ManualClock, and a `ws` client that
// queues the frames it receives.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { DispatchOf, GuildCreatePayload, Intent } from "@chatbot/protocol";
import { WebSocket } from "ws";
import { ManualClock } from "../kernel/clock.js";
import { createGateway, type Gateway, type GatewayOptions } from "./gateway.js";
import type { GatewayBackend, GatewayIdentity } from "./gateway-backend.js";

/** A `GUILD_CREATE` / `GUILD_UPDATE` payload of server `id` with no channels. */
export function guildPayload(id: string, name: string, intents: Intent[] = ["guilds"]): GuildCreatePayload {
  return {
    id,
    name,
    description: null,
    icon_id: null,
    owner_id: "1",
    channels: [],
    categories: [],
    roles: [],
    me: { roles: [], permissions: ["view_channels"] },
    scopes: ["commands"],
    intents,
    emojis: [],
  };
}

/** A `MESSAGE_DELETE` payload in server 100. */
export function messageDelete(id: string): DispatchOf<"MESSAGE_DELETE"> {
  return { id, channel_id: "500", guild_id: "100" };
}

/** The backend the tests inject: tokens, installed servers and a log of connected/disconnected. */
export class TestBackend implements GatewayBackend {
  readonly clock = new ManualClock(1_750_000_000_000);
  readonly heartbeatIntervalMs = 30_000;
  readonly log: string[] = [];
  readonly tokens = new Map<string, GatewayIdentity>();
  readonly guilds = new Map<string, readonly GuildCreatePayload[]>();
  /** When set, `guildIds` and `guildCreate` throw it (a backend fault). */
  failure: Error | null = null;

  /** Adds an app whose bot identifies with `token`, installed in servers `guildIds`. */
  addApp(appId: string, token: string, guildIds: readonly string[] = []): GatewayIdentity {
    const identity: GatewayIdentity = {
      appId,
      user: { id: `u${appId}`, username: `app_${appId}`, name: `Bot ${appId}`, avatar_id: null, bot: true },
      application: { id: appId, name: `App ${appId}` },
    };
    this.tokens.set(token, identity);
    this.guilds.set(
      appId,
      guildIds.map((id) => guildPayload(id, `Server ${id}`)),
    );
    return identity;
  }

  authenticate(token: string): GatewayIdentity | null {
    return this.tokens.get(token) ?? null;
  }

  guildIds(appId: string): readonly string[] {
    if (this.failure) throw this.failure;
    return (this.guilds.get(appId) ?? []).map((guild) => guild.id);
  }

  guildCreate(appId: string, guildId: string, intents: readonly Intent[]): GuildCreatePayload | null {
    if (this.failure) throw this.failure;
    const guild = this.guilds.get(appId)?.find((g) => g.id === guildId);
    return guild ? { ...guild, intents: [...intents] } : null;
  }

  connected(appId: string): void {
    this.log.push(`connected ${appId}`);
  }

  disconnected(appId: string): void {
    this.log.push(`disconnected ${appId}`);
  }
}

/** A frame as the client received it. */
export type ReceivedFrame = { op: string; d?: unknown; t?: string; s?: number };

/** How a connection ended, as the client saw it. */
export interface ClientClose {
  code: number;
  reason: string;
}

/** A `ws` client that queues received frames; `next()` fails fast when the socket closes first. */
export class TestClient {
  readonly frames: ReceivedFrame[] = [];
  closeEvent: ClientClose | null = null;
  readonly closed: Promise<ClientClose>;
  private wake: (() => void) | null = null;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString("utf8")) as ReceivedFrame);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => {
      ws.on("close", (code: number, reason: Buffer) => {
        this.closeEvent = { code, reason: reason.toString("utf8") };
        resolve(this.closeEvent);
        this.wake?.();
      });
    });
    ws.on("error", () => {});
  }

  /** The next frame received (waits for it). */
  async next(): Promise<ReceivedFrame> {
    while (this.frames.length === 0) {
      if (this.closeEvent) throw new Error(`closed ${this.closeEvent.code} ${this.closeEvent.reason}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    return this.frames.shift()!;
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Sends `identify` and reads `READY`. */
  async identify(token: string, intents: readonly string[] = ["guilds"]): Promise<ReceivedFrame> {
    this.send({ op: "identify", d: { token, intents } });
    return this.next();
  }
}

/** One gateway behind a real HTTP server on 127.0.0.1. */
export interface Harness {
  readonly backend: TestBackend;
  readonly gateway: Gateway;
  readonly server: Server;
  readonly baseUrl: string;
  /** Opens a client on `/v1/gateway` and reads `hello`. */
  connect(): Promise<TestClient>;
  close(): Promise<void>;
}

/** Lets socket I/O happen after moving the ManualClock (a few real event-loop turns, no sleeps). */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Waits, a bounded number of real turns, until `check()` holds; throws `what` otherwise. */
export async function until(check: () => boolean, what: string, turns = 500): Promise<void> {
  for (let i = 0; i < turns && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

export async function startHarness(options: GatewayOptions = {}): Promise<Harness> {
  const backend = new TestBackend();
  const gateway = createGateway(backend, options);
  const server = createServer((_, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => gateway.handleUpgrade(req, socket, head));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const baseUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: TestClient[] = [];
  return {
    backend,
    gateway,
    server,
    baseUrl,
    async connect() {
      const client = new TestClient(new WebSocket(`${baseUrl}/v1/gateway`));
      clients.push(client);
      const hello = await client.next();
      if (hello.op !== "hello") throw new Error(`expected hello, got ${hello.op}`);
      return client;
    },
    async close() {
      for (const client of clients) client.ws.terminate();
      await gateway.close();
      server.close();
      await once(server, "close");
    },
  };
}
