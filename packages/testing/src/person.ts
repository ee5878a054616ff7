import type { ChannelKind, Embed, Member, Message, PermissionName } from "@chatbot/protocol";
import type { DevAnswer, DevCallArgs, DevCallOptions, DevRouteName } from "@chatbot/protocol/dev";
import type { AppHandle } from "./app-handle.js";
import { type ChannelHandle, type IdRef, idOf, RoleHandle, userIdOf } from "./handles.js";
import { Outcome, type OutcomeView } from "./outcome.js";
import type { WorldContext } from "./world-context.js";

/**
 * A value of a command option: what a person types, or a handle for its id (a person, `world.app`
 * for its bot user, a channel, a role).
 */
export type OptionValue = string | number | boolean | { readonly id: string; readonly userId?: string };

/** A message a person acts on: the message object, or `{ id, channel_id }`. */
export type MessageRef = Pick<Message, "id" | "channel_id">;

/**
 * A permission overwrite given with handles: `for` a role (or `everyone`), a person, or an app
 * (`world.app`: the overwrite is its bot account's, as the bot's own member).
 */
export interface OverwriteChange {
  readonly for: RoleHandle | Person | AppHandle;
  readonly allow?: readonly PermissionName[];
  readonly deny?: readonly PermissionName[];
}

/** Options of a moderation action. */
export interface ModerationOptions {
  readonly reason?: string;
  /** The server; default the world's only (or first) server. */
  readonly server?: IdRef;
}

/** The path parameters of a message. */
const messageParams = (m: MessageRef) => ({ channel_id: m.channel_id, message_id: m.id });

/**
 * A person of the world. Every action goes through the dev API as this person (`X-Dev-User`), so
 * the server's rules apply: a refused action rejects with a `DevApiError` carrying the status and
 * code (`403 missing_permission`, `404 unknown_channel`…). In a message's text a person reads as the
 * mention `<@id>`.
 */
export class Person {
  constructor(
    private readonly world: WorldContext,
    readonly id: string,
    readonly username: string,
    readonly name: string,
  ) {}

  /** The author id messages of this person carry (for `nextMessage({ from })`). */
  get userId(): string {
    return this.id;
  }

  toString(): string {
    return `<@${this.id}>`;
  }

  /** Posts `text` in `channel`; answers the message. */
  async say(
    channel: IdRef,
    text: string,
    options: { replyTo?: IdRef; embeds?: readonly Embed[] } = {},
  ): Promise<Message> {
    const message = await this.dev("postMessage", {
      params: { channel_id: idOf(channel) },
      body: {
        content: text,
        ...(options.replyTo === undefined ? {} : { reply_to: idOf(options.replyTo) }),
        ...(options.embeds === undefined ? {} : { embeds: [...options.embeds] }),
      },
    });
    this.world.log.passed(message.channel_id, message.id);
    return message;
  }

  /** Edits one of this person's messages. */
  edit(message: MessageRef, text: string): Promise<Message> {
    return this.dev("editMessage", { params: messageParams(message), body: { content: text } });
  }

  /** Deletes a message (another's needs Manage messages). */
  async delete(message: MessageRef): Promise<void> {
    await this.dev("deleteMessage", { params: messageParams(message) });
  }

  /** Adds a reaction: a character such as `👍`, or `name:id` of a custom emoji. */
  async react(message: MessageRef, emoji: string): Promise<void> {
    await this.dev("addReaction", { params: { ...messageParams(message), emoji } });
  }

  /** Removes this person's reaction. */
  async unreact(message: MessageRef, emoji: string): Promise<void> {
    await this.dev("removeReaction", { params: { ...messageParams(message), emoji } });
  }

  /** Pins a message (needs Manage messages). */
  async pin(message: MessageRef): Promise<void> {
    await this.dev("pinMessage", { params: messageParams(message) });
  }

  /**
   * Types `/name` with options in `channel`. Resolves as soon as the server has taken the use:
   * `delivered` (sent to the app) or `not_delivered` (`app_not_connected`); wait for the answer with
   * `outcome.answered()`. A refused use (unknown command, bad options, no right) rejects.
   */
  async use(
    channel: IdRef,
    command: string,
    options: Readonly<Record<string, OptionValue>> = {},
    settings: { app?: IdRef } = {},
  ): Promise<Outcome> {
    const name = command.startsWith("/") ? command.slice(1) : command;
    const body = {
      name,
      options: Object.entries(options).map(([key, value]) => ({
        name: key,
        value: typeof value === "object" ? (value.userId ?? value.id) : value,
      })),
      ...(settings.app === undefined ? {} : { application_id: idOf(settings.app) }),
    };
    const answer = await this.dev("useCommand", { params: { channel_id: idOf(channel) }, body });
    const first: OutcomeView = { state: answer.state, messages: [], notice: answer.notice ?? null };
    const outcome = new Outcome(this.world, answer.id, `/${name}`, this.username, idOf(channel), first);
    this.world.track(outcome);
    return outcome;
  }

  /** Joins a server (by invite). */
  async join(server?: IdRef): Promise<Member> {
    return this.world.dev.call("joinGuild", {
      params: { guild_id: this.world.server(server).id },
      body: { user_id: this.id },
    });
  }

  /** Leaves a server. */
  async leave(server?: IdRef): Promise<void> {
    await this.dev("removeMember", { params: this.memberParams(this, server), body: { action: "leave" } });
  }

  /** Kicks `person` (needs Kick members and a higher role). */
  async kick(person: IdRef, options: ModerationOptions = {}): Promise<void> {
    await this.removeMember(person, "kick", options);
  }

  /** Bans `person` (needs Ban members and a higher role). */
  async ban(person: IdRef, options: ModerationOptions = {}): Promise<void> {
    await this.removeMember(person, "ban", options);
  }

  /** Lifts `person`'s ban. */
  async unban(person: IdRef, options: Pick<ModerationOptions, "server"> = {}): Promise<void> {
    await this.dev("unbanUser", { params: this.memberParams(person, options.server) });
  }

  /** Times `person` out for `ms` on the world's clock (needs Moderate members). */
  timeout(person: IdRef, ms: number, options: Pick<ModerationOptions, "server"> = {}): Promise<Member> {
    return this.patchMember(person, { communication_disabled_until: this.world.clock.now() + ms }, options);
  }

  /** Ends `person`'s timeout early. */
  untimeout(person: IdRef, options: Pick<ModerationOptions, "server"> = {}): Promise<Member> {
    return this.patchMember(person, { communication_disabled_until: null }, options);
  }

  /** Gives `person` a role (needs Manage roles, and the role below this person's highest). */
  addRole(person: IdRef, role: RoleHandle): Promise<Member> {
    const roles = this.rolesOf(role.serverId, userIdOf(person));
    return this.patchMember(person, { roles: [...new Set([...roles, role.id])] }, { server: role.serverId });
  }

  /** Takes a role from `person`. */
  removeRole(person: IdRef, role: RoleHandle): Promise<Member> {
    const roles = this.rolesOf(role.serverId, userIdOf(person)).filter((id) => id !== role.id);
    return this.patchMember(person, { roles }, { server: role.serverId });
  }

  /** Makes a role; it is added to `world.roles` under its name. */
  async createRole(
    name: string,
    permissions: readonly PermissionName[],
    options: { mentionable?: boolean; hoist?: boolean; server?: IdRef } = {},
  ): Promise<RoleHandle> {
    const server = this.world.server(options.server);
    const role = await this.dev("createRole", {
      params: { guild_id: server.id },
      body: {
        name,
        permissions: [...permissions],
        ...(options.mentionable === undefined ? {} : { mentionable: options.mentionable }),
        ...(options.hoist === undefined ? {} : { hoist: options.hoist }),
      },
    });
    return this.world.adoptRole(role, server.id);
  }

  /** Changes a role's fields (`permissions`, `name`, `mentionable`…). */
  async updateRole(role: RoleHandle, changes: Record<string, unknown>): Promise<void> {
    await this.dev("updateRole", { params: { guild_id: role.serverId, role_id: role.id }, body: changes });
  }

  /** Deletes a role. */
  async deleteRole(role: RoleHandle): Promise<void> {
    await this.dev("deleteRole", { params: { guild_id: role.serverId, role_id: role.id } });
  }

  /** Makes a channel (needs Manage channels); it is added to `world.channels` under its name. */
  async createChannel(
    name: string,
    options: { kind?: string; topic?: string; overwrites?: readonly OverwriteChange[]; server?: IdRef } = {},
  ): Promise<ChannelHandle> {
    const server = this.world.server(options.server);
    const channel = await this.dev("createChannel", {
      params: { guild_id: server.id },
      body: {
        name,
        kind: (options.kind ?? "text") as ChannelKind,
        ...(options.topic === undefined ? {} : { topic: options.topic }),
        ...(options.overwrites === undefined ? {} : { overwrites: options.overwrites.map(overwriteBody) }),
      },
    });
    return this.world.adoptChannel(channel);
  }

  /** Changes a channel: `name`, `topic`, `slowmode_seconds`, or its `overwrites` given with handles. */
  async updateChannel(
    channel: IdRef,
    changes: { overwrites?: readonly OverwriteChange[] } & Record<string, unknown>,
  ): Promise<void> {
    const { overwrites, ...rest } = changes;
    await this.dev("updateChannel", {
      params: { channel_id: idOf(channel) },
      body: { ...rest, ...(overwrites === undefined ? {} : { overwrites: overwrites.map(overwriteBody) }) },
    });
  }

  /** Deletes a channel. */
  async deleteChannel(channel: IdRef): Promise<void> {
    await this.dev("deleteChannel", { params: { channel_id: idOf(channel) } });
  }

  /**
   * The channel's messages as this person sees them, newest first, with the ephemeral answers
   * addressed to them.
   */
  history(channel: IdRef, options: { limit?: number } = {}): Promise<Message[]> {
    return this.dev("listMessages", {
      params: { channel_id: idOf(channel) },
      query: { limit: options.limit ?? 50 },
    });
  }

  /** Calls route `name` of the dev API as this person. */
  private dev<N extends DevRouteName>(name: N, options: DevCallOptions<N>): Promise<DevAnswer<N>> {
    return this.world.dev.call(name, ...([{ ...options, as: this }] as unknown as DevCallArgs<N>));
  }

  private memberParams(person: IdRef, server: IdRef | undefined) {
    return { guild_id: this.world.server(server).id, user_id: userIdOf(person) };
  }

  private async removeMember(
    person: IdRef,
    action: "kick" | "ban",
    options: ModerationOptions,
  ): Promise<void> {
    await this.dev("removeMember", {
      params: this.memberParams(person, options.server),
      body: { action, ...(options.reason === undefined ? {} : { reason: options.reason }) },
    });
  }

  private patchMember(
    person: IdRef,
    body: DevCallOptions<"updateMember">["body"],
    options: { server?: IdRef },
  ): Promise<Member> {
    return this.dev("updateMember", { params: this.memberParams(person, options.server), body });
  }

  private rolesOf(serverId: string, userId: string): readonly string[] {
    return this.world.observe.memberRoles(serverId, userId) ?? [];
  }
}

function overwriteBody(change: OverwriteChange) {
  const role = change.for instanceof RoleHandle;
  return {
    // A member overwrite names the user: an app's is its bot account's, not the app's id.
    id: role ? change.for.id : userIdOf(change.for),
    type: role ? ("role" as const) : ("member" as const),
    allow: [...(change.allow ?? [])],
    deny: [...(change.deny ?? [])],
  };
}
