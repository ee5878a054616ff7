import type { GatewaySessionInfo } from "@chatbot/protocol/dev";
import type { WorldContext } from "./world-context.js";

/** One gateway connection of an app (`GET /dev/v1/apps/{id}/sessions`), as the server defines it. */
export type GatewaySession = GatewaySessionInfo;

/** Options of {@link AppHandle.connected}. */
export interface ConnectedOptions {
  /** Also wait until these commands (names, with or without `/`) are registered. */
  readonly commands?: readonly string[];
  readonly timeoutMs?: number;
}

/**
 * An app of the world: what its bot needs (`token`; the world's `baseUrl` and `gatewayUrl`) and
 * ways to wait for it and look at it. `userId` is its bot account, the author of its messages.
 */
export class AppHandle {
  constructor(
    private readonly world: WorldContext,
    readonly id: string,
    readonly name: string,
    /** The bot token (`Authorization: Bot <token>`, and the gateway's `identify`). */
    readonly token: string,
    /** The bot's user id. */
    readonly userId: string,
  ) {}

  /** The bot as a mention, `<@id>`. */
  toString(): string {
    return `<@${this.userId}>`;
  }

  /** Whether the bot has an identified gateway connection now. */
  get isConnected(): boolean {
    return this.world.observe.isConnected(this.id);
  }

  /**
   * Resolves once the bot has an identified gateway connection (and, with `commands`, has
   * registered those commands, globally or in a server); fails after the real-time bound, saying
   * what was missing.
   */
  async connected(options: ConnectedOptions = {}): Promise<void> {
    const wanted = (options.commands ?? []).map((c) => (c.startsWith("/") ? c.slice(1) : c));
    const missing = () => {
      const have = this.commandNames();
      return wanted.filter((name) => !have.has(name));
    };
    await this.world.waits.until({
      waitedFor: `${this.name} to connect${wanted.length ? ` with ${wanted.map((n) => `/${n}`).join(", ")}` : ""}`,
      timeoutMs: options.timeoutMs ?? this.world.timeoutMs,
      pollMs: 5,
      check: () => (this.isConnected && missing().length === 0 ? true : undefined),
      seen: () => [
        this.isConnected ? "the bot is connected" : "the bot has no identified gateway connection",
        `registered commands: ${[...this.commandNames()].map((n) => `/${n}`).join(", ") || "none"}`,
      ],
    });
  }

  /** The app's gateway connections, newest first. */
  sessions(): Promise<GatewaySession[]> {
    return this.world.dev.call("listAppSessions", { params: { app_id: this.id } });
  }

  private commandNames(): ReadonlySet<string> {
    return this.world.observe.commandNames(this.id);
  }
}
