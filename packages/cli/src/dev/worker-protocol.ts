import type { LogLevel } from "@chatbot/framework";
import type { GatewayDispatch, WorldSnapshot } from "@chatbot/gateway";
import { Permissions } from "@chatbot/rest";
import type { GuildCreatePayload, Intent } from "@chatbot/protocol";

/**
 * The messages between `chatbot dev` (the host, which holds the connection) and the worker thread
 * that runs the bot's code. The host sends one request at a time per worker and waits for its
 * answer, except events, which it streams in order.
 */
export type ToWorker =
  /** Imports a build's entry and makes a bot of it, not started yet. */
  | {
      readonly type: "load";
      readonly id: number;
      readonly url: string;
      /** The entry as the project names it (`src/bot.ts`), for errors. */
      readonly entryName: string;
      /** The folder of every build (a `file:` URL ending in `/`, its real path). */
      readonly builds: string;
      /** The build's modules by URL, when it is kept in memory (nothing written: see BotCompiler). */
      readonly modules: Readonly<Record<string, string>> | undefined;
      /** The world's token and server, when known (the first build is loaded before the world). */
      readonly token: string;
      readonly baseUrl: string;
      /** The bot's state store, kept across saves and restarts (`.chatbot/state.db`). */
      readonly storePath: string;
    }
  /** Starts the loaded bot in place of the running one (syncing its commands if asked). */
  | {
      readonly type: "start";
      readonly id: number;
      readonly token: string;
      readonly baseUrl: string;
      readonly sync: boolean;
      readonly ready: { readonly userId: string; readonly guilds: readonly GuildCreatePayload[] };
      /** The host's world view: a fresh thread starts its own from it. */
      readonly world: WorldSnapshot;
    }
  /** One gateway event for the running bot. */
  | { readonly type: "event"; readonly event: GatewayDispatch }
  /** Stops the running bot (its handlers get the stop timeout to finish). */
  | { readonly type: "stop"; readonly id: number };

/** An error as it crosses the thread boundary: enough for `describeFailure` to place it. */
export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string | undefined;
}

export type FromWorker =
  /** The worker has imported the framework and waits for code. */
  | { readonly type: "up" }
  /** With `--inspect`: the inspector's address in this thread, or why it could not open. */
  | { readonly type: "inspector"; readonly url: string | null; readonly error?: string }
  | {
      readonly type: "loaded";
      readonly id: number;
      readonly intents: readonly Intent[];
      /** The commands' registration bodies and scopes, to tell whether a sync is needed. */
      readonly commandsJson: string;
    }
  | { readonly type: "started"; readonly id: number; readonly commands: string }
  | { readonly type: "stopped"; readonly id: number }
  /** The handlers of the message `messageId` (an event) ended: the host's cursor may move past it. */
  | { readonly type: "handled"; readonly messageId: string }
  | { readonly type: "failed"; readonly id: number; readonly error: WireError }
  | { readonly type: "log"; readonly level: LogLevel; readonly message: string };

/** What a code thread is started with (its `workerData`). */
export interface WorkerSetup {
  /** Open the inspector on this thread's code at this address (`--inspect`). */
  readonly inspect?: { readonly host: string; readonly port: number } | undefined;
}

export function toWire(error: unknown): WireError {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: "Error", message: String(error) };
}

export function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  if (wire.stack !== undefined) error.stack = wire.stack;
  return error;
}

/**
 * An event as the code thread gets it across the thread's port: a structured clone keeps a
 * `Permissions`' bits but not its class, so an interaction's `member.permissions` and
 * `app_permissions` are made bitfields again (the framework's permission checks call their methods).
 */
export function eventFromHost(event: GatewayDispatch): GatewayDispatch {
  if (event.name !== "INTERACTION_CREATE") return event;
  const data = event.data;
  const again = (p: { readonly bits: bigint }) => (p instanceof Permissions ? p : new Permissions(p.bits));
  return {
    ...event,
    data: {
      ...data,
      member: { ...data.member, permissions: again(data.member.permissions) },
      app_permissions: again(data.app_permissions),
    },
  };
}
