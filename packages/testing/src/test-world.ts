import type { AuditLogEntry, Message } from "@chatbot/protocol";
import type { ManualClock, RunningServer } from "@chatbot/server";
import type { AppHandle } from "./app-handle.js";
import type { DevApi } from "./dev-api.js";
import type { BotFailurePlace, BotHandlerError, Diagnostics } from "./diagnostics.js";
import { BotErrorsError, TestingError } from "./errors.js";
import type { Faults } from "./faults.js";
import { type ChannelHandle, type IdRef, idOf, type RoleHandle, type ServerHandle } from "./handles.js";
import type { MessageFilter, MessageLog } from "./message-log.js";
import type { Outcome } from "./outcome.js";
import type { Person } from "./person.js";
import type { Waits } from "./waits.js";

/** Everything a {@link TestWorld} is made of (built by `createTestWorld`). */
export interface TestWorldParts {
  readonly running: RunningServer;
  readonly clock: ManualClock;
  readonly dev: DevApi;
  readonly waits: Waits;
  readonly diagnostics: Diagnostics;
  readonly log: MessageLog;
  readonly timeoutMs: number;
  readonly people: Record<string, Person>;
  readonly servers: Record<string, ServerHandle>;
  readonly channels: Record<string, ChannelHandle>;
  readonly roles: Record<string, RoleHandle>;
  readonly apps: Record<string, AppHandle>;
  readonly app: AppHandle | undefined;
  readonly faults: Faults | undefined;
  readonly outcomes: Outcome[];
}

function lookup<T>(kind: string, map: Record<string, T>, name: string): T {
  const found = Object.hasOwn(map, name) ? map[name] : undefined;
  if (found === undefined)
    throw new TestingError(
      "unknown_name",
      `no ${kind} named ${name}; known: ${Object.keys(map).join(", ") || "none"}`,
    );
  return found;
}

/**
 * A reference server in this process with a world in it: people to act as, handles on its servers,
 * channels, roles and apps by name, a clock to move, and ways to wait for what the bot does. Close it
 * with `await world.close()` (or `await using world = …`).
 */
export class TestWorld<
  P extends string = string,
  C extends string = string,
  R extends string = string,
  S extends string = string,
  A extends string = string,
> {
  /** The people, by username. */
  readonly people: Readonly<Record<P, Person>>;
  /** Channels by name (a name used in two servers is only under `servers.<name>.channels`). */
  readonly channels: Readonly<Record<C, ChannelHandle>>;
  /** Roles by name, `everyone` included (a name used in two servers: see `servers`). */
  readonly roles: Readonly<Record<R, RoleHandle>>;
  readonly servers: Readonly<Record<S, ServerHandle>>;
  readonly apps: Readonly<Record<A, AppHandle>>;
  /** The controllable clock: `advance(ms)` fires every deadline inside the step, in order. */
  readonly clock: ManualClock;
  /** The server itself (its `observe` port, `gateway`, `httpServer`), for what this package does not cover. */
  readonly running: RunningServer;
  private closed: Promise<void> | undefined;
  private readonly closeHooks: Array<() => unknown> = [];

  constructor(private readonly parts: TestWorldParts) {
    this.people = parts.people as Record<P, Person>;
    this.channels = parts.channels as Record<C, ChannelHandle>;
    this.roles = parts.roles as Record<R, RoleHandle>;
    this.servers = parts.servers as Record<S, ServerHandle>;
    this.apps = parts.apps as Record<A, AppHandle>;
    this.clock = parts.clock;
    this.running = parts.running;
  }

  /** `http://127.0.0.1:PORT`: the REST base URL to hand the bot. */
  get baseUrl(): string {
    return this.running.baseUrl;
  }

  /** `ws://127.0.0.1:PORT/v1/gateway`: the gateway URL to hand the bot. */
  get gatewayUrl(): string {
    return this.running.gatewayUrl;
  }

  /** The app (the first one when there are several). */
  get app(): AppHandle {
    if (!this.parts.app) throw new TestingError("no_app", "this world has no app");
    return this.parts.app;
  }

  /** The app's bot token. */
  get token(): string {
    return this.app.token;
  }

  /** The dev API's faults for the app. */
  get faults(): Faults {
    if (!this.parts.faults) throw new TestingError("no_app", "this world has no app");
    return this.parts.faults;
  }

  /** The world's only (or first) server. */
  get server(): ServerHandle {
    return Object.values<ServerHandle>(this.parts.servers)[0]!;
  }

  /** Every command use made through a person, oldest first. */
  get interactions(): readonly Outcome[] {
    return this.parts.outcomes;
  }

  /** The person named `name`; throws listing the known names. */
  person(name: string): Person {
    return lookup("person", this.parts.people, name);
  }

  /** The channel named `name`; throws listing the known names. */
  channel(name: string): ChannelHandle {
    return lookup("channel", this.parts.channels, name);
  }

  /** The role named `name`; throws listing the known names. */
  role(name: string): RoleHandle {
    return lookup("role", this.parts.roles, name);
  }

  /**
   * The next message posted in `channel` (after the last one this returned there, and after the
   * test's own posts), optionally `from` someone and `matching` a substring, pattern or check.
   * Waits for it; after the real-time bound it fails listing every message that came meanwhile.
   */
  nextMessage(channel: ChannelHandle | string, filter: MessageFilter = {}): Promise<Message> {
    const id = idOf(channel);
    return this.parts.log.next(id, this.label(id), filter, this.parts.timeoutMs);
  }

  /** A server's audit log, newest first. */
  auditLog(options: { server?: IdRef; limit?: number } = {}): Promise<AuditLogEntry[]> {
    const server = options.server === undefined ? this.server.id : idOf(options.server);
    return this.parts.dev.call("readAuditLog", {
      params: { guild_id: server },
      query: { limit: options.limit ?? 50 },
    });
  }

  /**
   * Runs `hook` first when the world closes (newest first): stop the bot there, so it is not left
   * reconnecting to a server that is gone.
   */
  onClose(hook: () => unknown): void {
    this.closeHooks.unshift(hook);
  }

  /**
   * The `onError` hook for a framework bot in this world: `createBot({ ..., onError:
   * world.onBotError })`. Each error a handler throws is kept: a failed wait lists it, and
   * `close()` (so `await using`) fails the test with it unless {@link takeBotErrors} took it.
   */
  readonly onBotError = (error: unknown, where?: BotFailurePlace): void => {
    this.parts.diagnostics.report(error, where);
  };

  /**
   * The errors the bot's handlers threw so far, each with the handler that threw it (`/roll`,
   * `Faulty.heard`, `Digest.send (job digest, key daily, attempt 2)`), taken: a test that expects
   * one says so this way.
   */
  takeBotErrors(): BotHandlerError[] {
    return this.parts.diagnostics.errors.splice(0).map(({ error, where }) => ({ error, where }));
  }

  /**
   * Frees everything: runs the `onClose` hooks, then closes the bot's remaining connections
   * (`1001`), the port and the store; idempotent.
   */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.parts.waits.close();
      try {
        for (const hook of this.closeHooks) await hook();
      } finally {
        await this.running.close();
      }
      const errors = this.parts.diagnostics.errors.splice(0);
      if (errors.length > 0)
        throw new BotErrorsError(errors.map((e) => ({ error: e.error, where: e.where })));
    })();
    return this.closed;
  }

  /** `await using world = await createTestWorld()` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  private label(channelId: string): string {
    const name = this.running.observe.channelName(channelId);
    return name === undefined ? channelId : `#${name}`;
  }
}
