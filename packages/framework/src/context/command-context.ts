import { SerialQueue } from "@chatbot/kit";
import { type InteractionResolved, LIMITS, type Message, type Role, type User } from "@chatbot/protocol";
import type { ChannelView, GatewayInteraction, ServerView, WorldView } from "@chatbot/gateway";
import type { Permissions, RestClient } from "@chatbot/rest";
import type { DependencyContainer } from "tsyringe";
import { InteractionStateError } from "../errors.js";
import { CooldownHandle } from "./cooldown-handle.js";
import { resolveFrom, type ServiceToken } from "./resolve-from.js";
import type { Clock, ClockTimer, Logger } from "../services.js";
import { EPHEMERAL, type ReplyInput, toMessageBody } from "./reply-input.js";

/**
 * Where an interaction stands, as the bot sees it: `received` (no callback yet), `deferred` (the
 * thinking state was sent, no answer posted yet), `answered`, `expired` (its 3 seconds passed with
 * no callback, or its 15 minutes are over).
 */
export type InteractionState = "received" | "deferred" | "answered" | "expired";

/** A member from the interaction's `resolved.members`: nickname, roles, joined_at, permissions here. */
export type ResolvedMember = NonNullable<InteractionResolved["members"]>[string];

/** A channel from the interaction's `resolved.channels`: id, name, kind, the person's permissions. */
export type ResolvedChannel = NonNullable<InteractionResolved["channels"]>[string];

/** The values of a command's options by name: users, channels and roles as their objects. */
export type OptionValue = string | number | boolean | User | ResolvedChannel | Role;

/**
 * One use of a slash command, as the handler sees it: who, where, the options, and the replies.
 * Replies go through a state machine that picks the right call (callback, edit of the original,
 * followup), never sends a second callback, and refuses, with an {@link InteractionStateError} and
 * before any request, a call its window no longer allows.
 */
export class CommandContext {
  /** The cooldowns this use counted against: `ctx.cooldown.refund()` gives the use back. */
  readonly cooldown = new CooldownHandle();
  /** The command's name (`roll` for `/roll`). */
  readonly commandName: string;
  /** The person who used the command. */
  readonly user: User;
  /** The server and channel it was used in. */
  readonly guildId: string;
  readonly channelId: string;
  /** What the person may do in this channel (a bitfield). */
  readonly memberPermissions: Permissions;
  /** What the bot may do in this channel (a bitfield). */
  readonly appPermissions: Permissions;
  /** The option values by name (users, channels and roles resolved to their objects). */
  readonly options: Readonly<Record<string, OptionValue>>;
  /** When the bot received it (its clock), to tell a slow handler from a late delivery. */
  readonly receivedAt: number;
  #state: "received" | "deferred" | "answered" = "received";
  #ephemeral = false;
  #firstCallbackAt: number | null = null;
  #autoDeferred = false;
  /** The context's calls to the service, one after another in the order they were made. */
  readonly #calls = new SerialQueue();
  #timer: ClockTimer | null = null;

  constructor(
    /** The interaction as delivered (`member.permissions` and `app_permissions` as bitfields). */
    readonly interaction: GatewayInteraction,
    private readonly rest: RestClient,
    /** The bot's clock (the test world's clock in tests). */
    readonly clock: Clock,
    /**
     * The bot's logger, its lines carrying this interaction's id and command (`interaction_id`,
     * `command` with the default pino logger).
     */
    readonly logger: Logger,
    /** The interaction's scope of the bot's container, for {@link resolve}. */
    private readonly container: DependencyContainer | null = null,
    /** The bot's world view, for {@link server} and {@link channel}. */
    private readonly world: WorldView | null = null,
  ) {
    this.commandName = interaction.data.name;
    this.user = interaction.user;
    this.guildId = interaction.guild_id;
    this.channelId = interaction.channel_id;
    this.memberPermissions = interaction.member.permissions;
    this.appPermissions = interaction.app_permissions;
    this.options = resolveOptions(interaction);
    this.receivedAt = clock.now();
  }

  /**
   * The server the command was used in, from the bot's world view: name, channels and roles by id
   * and by name, `me`, emojis, members met (`ctx.server?.channels.byName("mod-log")`).
   * `undefined` only when the view does not hold it (a cluster worker that does not hold the
   * server's partition).
   */
  get server(): ServerView | undefined {
    return this.world?.server(this.guildId);
  }

  /** The channel the command was used in, from the bot's world view, with the bot's permissions there. */
  get channel(): ChannelView | undefined {
    return this.server?.channels.get(this.channelId);
  }

  /** Where the interaction stands now. */
  /**
   * Whether a handler may have seen this command use before: on many processes (`@chatbot/cluster`),
   * a use taken over from a worker that stopped before marking it handled. On one process an
   * interaction is never handed over twice (the service does not send it again): always false.
   */
  get redelivered(): boolean {
    return (this.interaction as { redelivered?: boolean }).redelivered === true;
  }

  get state(): InteractionState {
    const now = this.clock.now();
    if (now >= this.interaction.created_at + LIMITS.interactionFollowupMs) return "expired";
    if (this.#state === "received" && now >= this.answerDeadline) return "expired";
    return this.#state;
  }

  /** When the 3-second window to send the first callback closes (the bot's clock). */
  get answerDeadline(): number {
    return this.interaction.created_at + LIMITS.interactionAnswerMs;
  }

  /** When the first callback was sent (the bot's clock), or null. */
  get firstCallbackAt(): number | null {
    return this.#firstCallbackAt;
  }

  /** Whether the framework sent the thinking state by itself because the handler was slow. */
  get autoDeferred(): boolean {
    return this.#autoDeferred;
  }

  /**
   * A service of the bot's container (this interaction's scope), as a constructor would get it: for
   * middleware that need one (`ctx.resolve(PollBook).isOpen(...)`, `ctx.resolve(StateStore)`).
   */
  resolve<T>(token: ServiceToken<T>): T {
    return resolveFrom(this.container, token);
  }

  /** The member data of a user named by an option (nickname, roles, permissions here). */
  resolvedMember(userId: string): ResolvedMember | undefined {
    return this.interaction.data.resolved?.members?.[userId];
  }

  /**
   * Answers. Before any callback it sends the answer callback; after a thinking state it posts the
   * answer (the edit of the original); once answered it sends a followup. The thinking state
   * decided whether the answer is ephemeral: an `ephemeral` that disagrees is logged.
   */
  reply(input: ReplyInput): Promise<Message | null> {
    return this.#serial(async () => {
      const { body, ephemeral } = toMessageBody(input);
      const state = this.#check("reply");
      if (state === "received") {
        const at = this.clock.now();
        await this.rest.createInteractionResponse(this.interaction.id, {
          type: 4,
          data: { ...body, flags: ephemeral ? EPHEMERAL : 0 },
        });
        this.#callbackSent("answered", ephemeral, at);
        return null;
      }
      if (state === "deferred") {
        if (ephemeral !== this.#ephemeral) {
          this.logger.warn(
            `/${this.commandName}: reply(ephemeral: ${ephemeral}) after a ${this.#ephemeral ? "ephemeral" : "public"} thinking state; the answer is ${this.#ephemeral ? "ephemeral" : "public"} (set autoDefer: { ephemeral } on the command)`,
          );
        }
        const message = await this.rest.editOriginalResponse(this.interaction.id, body);
        this.#state = "answered";
        return message;
      }
      return this.rest.createFollowupMessage(this.interaction.id, {
        ...body,
        ...(ephemeral && { flags: EPHEMERAL }),
      });
    });
  }

  /**
   * Sends the thinking state (callback type 5), so the answer may come within 15 minutes. Does
   * nothing once a callback was sent.
   */
  defer(options: { ephemeral?: boolean } = {}): Promise<void> {
    return this.#serial(async () => {
      if (this.#check("defer") !== "received") return;
      await this.#sendDefer(options.ephemeral === true);
    });
  }

  /** Edits the original answer (or posts it after a thinking state). */
  editReply(input: ReplyInput): Promise<Message> {
    return this.#serial(async () => {
      const state = this.#check("editReply");
      if (state === "received") {
        throw new InteractionStateError(
          "nothing_to_edit",
          `/${this.commandName}: editReply() before any reply; use reply()`,
        );
      }
      const message = await this.rest.editOriginalResponse(this.interaction.id, toMessageBody(input).body);
      this.#state = "answered";
      return message;
    });
  }

  /** Sends another message (after a thinking state, the first one is the answer). */
  followUp(input: ReplyInput): Promise<Message> {
    return this.#serial(async () => {
      if (this.#check("followUp") === "received") {
        throw new InteractionStateError(
          "not_answered",
          `/${this.commandName}: followUp() before any reply; use reply() first`,
        );
      }
      const { body, ephemeral } = toMessageBody(input);
      const message = await this.rest.createFollowupMessage(this.interaction.id, {
        ...body,
        ...(ephemeral && { flags: EPHEMERAL }),
      });
      this.#state = "answered";
      return message;
    });
  }

  /** @internal Arms the auto-defer: at `created_at + afterMs`, a still-unanswered use is deferred. */
  armAutoDefer(afterMs: number, ephemeral: boolean): void {
    const fire = () => {
      this.#timer = null;
      void this.#serial(async () => {
        if (this.#state !== "received" || this.state === "expired") return;
        this.#autoDeferred = true;
        await this.#sendDefer(ephemeral);
      }).catch((error: unknown) => this.logger.error(`/${this.commandName}: auto-defer failed`, error));
    };
    const delay = this.interaction.created_at + afterMs - this.clock.now();
    // Delivered after the margin already: defer at once rather than wait for the clock to move.
    if (delay <= 0) fire();
    else this.#timer = this.clock.setTimer(delay, fire);
  }

  /** @internal Stops the auto-defer timer and waits until no reply call is queued or running. */
  async settle(): Promise<void> {
    this.#timer?.cancel();
    this.#timer = null;
    await this.#calls.idle();
  }

  async #sendDefer(ephemeral: boolean): Promise<void> {
    const at = this.clock.now();
    await this.rest.createInteractionResponse(this.interaction.id, {
      type: 5,
      ...(ephemeral && { data: { flags: EPHEMERAL } }),
    });
    this.#callbackSent("deferred", ephemeral, at);
  }

  #callbackSent(state: "deferred" | "answered", ephemeral: boolean, at: number): void {
    this.#state = state;
    this.#ephemeral = ephemeral;
    this.#firstCallbackAt = at;
  }

  #check(call: string): "received" | "deferred" | "answered" {
    const state = this.state;
    if (state !== "expired") return state;
    const over = this.clock.now() >= this.interaction.created_at + LIMITS.interactionFollowupMs;
    throw new InteractionStateError(
      over ? "interaction_expired" : "answer_window_passed",
      over
        ? `/${this.commandName}: ${call}() after the interaction's 15 minutes; send a channel message instead`
        : `/${this.commandName}: ${call}() after the 3-second answer window with no callback; call defer() earlier or leave auto-defer on`,
    );
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    return this.#calls.run(run);
  }
}

function resolveOptions(interaction: GatewayInteraction): Record<string, OptionValue> {
  const resolved = interaction.data.resolved;
  const values: Record<string, OptionValue> = Object.create(null) as Record<string, OptionValue>;
  for (const option of interaction.data.options ?? []) {
    let value: OptionValue | undefined = option.value;
    if (option.type === 6) value = resolved?.users?.[option.value];
    else if (option.type === 7) value = resolved?.channels?.[option.value];
    else if (option.type === 8) value = resolved?.roles?.[option.value];
    if (value !== undefined) values[option.name] = value;
  }
  return values;
}
