import type { GuildCreatePayload, Scope } from "@chatbot/protocol";
import { conversationGrantsWarning } from "../conversations/conversation-needs.js";
import type { Conversation } from "../conversations/define-conversation.js";
import { missingGrantsWarning } from "../definitions/intents.js";
import type { HandlerDefinition } from "../definitions/listener-definition.js";
import { missingScopesWarning } from "../plugin/missing-scopes.js";
import type { Logger } from "../services.js";

/**
 * Says in the log which listeners and conversations can never hear from a server, and which
 * plugins lack a scope there, because its install does not grant what they need: every server once the bot is ready, then each server the
 * bot is installed in while it runs (a reconnect's servers, seen before, are not told again).
 */
export class GrantsWarner {
  readonly #seen = new Map<string, GuildCreatePayload>();

  constructor(
    private readonly handlers: () => readonly HandlerDefinition[],
    private readonly conversations: () => readonly Conversation[],
    /** The scopes the plugins need, each with the plugins that need it. */
    private readonly scopes: ReadonlyMap<Scope, readonly string[]>,
    private readonly logger: Logger,
  ) {}

  /** A server's snapshot (`GUILD_CREATE`, or a host's `READY`): told at once when new while `running`. */
  seen(guild: GuildCreatePayload, running: boolean): void {
    const first = !this.#seen.has(guild.id);
    this.#seen.set(guild.id, guild);
    if (first && running) this.warn([guild]);
  }

  /** The bot left a server. */
  gone(guildId: string): void {
    this.#seen.delete(guildId);
  }

  /** Tells every server seen so far (once the bot is ready). */
  warnAll(): void {
    this.warn([...this.#seen.values()]);
  }

  warn(guilds: readonly GuildCreatePayload[]): void {
    const warning = missingGrantsWarning(this.handlers(), guilds);
    if (warning) this.logger.warn(warning);
    const unheard = conversationGrantsWarning(this.conversations(), guilds);
    if (unheard) this.logger.warn(unheard);
    const scopes = missingScopesWarning(this.scopes, guilds);
    if (scopes) this.logger.warn(scopes);
  }
}
