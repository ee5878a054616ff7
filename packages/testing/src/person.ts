import type { Embed, Member, Message, PermissionName } from "@chatbot/protocol";
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

/** A permission overwrite given with handles: `for` a role (or `everyone`) or a person. */
export interface OverwriteChange {
  readonly for: RoleHandle | Person;
  readonly allow?: readonly PermissionName[];
  readonly deny?: readonly PermissionName[];
}

/** Options of a moderation action. */
export interface ModerationOptions {
  readonly reason?: string;
  /** The server; default the world's only (or first) server. */
  readonly server?: IdRef;
}

const path = {
  messages: (channel: IdRef) => `/dev/v1/channels/${idOf(channel)}/messages`,
  message: (m: MessageRef) => `/dev/v1/channels/${m.channel_id}/messages/${m.id}`,
  member: (server: IdRef, user: IdRef) => `/dev/v1/guilds/${idOf(server)}/members/${userIdOf(user)}`,
};

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
    const message = await this.act<Message>("POST", path.messages(channel), {
      content: text,
      ...(options.replyTo === undefined ? {} : { reply_to: idOf(options.replyTo) }),
      ...(options.embeds === undefined ? {} : { embeds: options.embeds }),
    });
    this.world.log.passed(message.channel_id, message.id);
    return message;
  }

  /** Edits one of this person's messages. */
  edit(message: MessageRef, text: string): Promise<Message> {
    return this.act<Message>("PATCH", path.message(message), { content: text });
  }

  /** Deletes a message (another's needs Manage messages). */
  async delete(message: MessageRef): Promise<void> {
    await this.act("DELETE", path.message(message));
  }

  /** Adds a reaction: a character such as `👍`, or `name:id` of a custom emoji. */
  async react(message: MessageRef, emoji: string): Promise<void> {
    await this.act("PUT", `${path.message(message)}/reactions/${encodeURIComponent(emoji)}`);
  }

  /** Removes this person's reaction. */
  async unreact(message: MessageRef, emoji: string): Promise<void> {
    await this.act("DELETE", `${path.message(message)}/reactions/${encodeURIComponent(emoji)}`);
  }

  /** Pins a message (needs Manage messages). */
  async pin(message: MessageRef): Promise<void> {
    await this.act("PUT", `${path.message(message)}/pin`);
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
    const answer = await this.act<{ id: string; state: OutcomeView["state"]; notice?: string }>(
      "POST",
      `/dev/v1/channels/${idOf(channel)}/interactions`,
      body,
    );
    const first: OutcomeView = {
      state: answer.state,
      messages: [],
      notice: (answer.notice ?? null) as OutcomeView["notice"],
    };
    const outcome = new Outcome(this.world, answer.id, `/${name}`, this.username, idOf(channel), first);
    this.world.track(outcome);
    return outcome;
  }

  /** Joins a server (by invite). */
  async join(server?: IdRef): Promise<Member> {
    return this.world.dev.call<Member>("POST", `/dev/v1/guilds/${this.world.server(server).id}/members`, {
      user_id: this.id,
    });
  }

  /** Leaves a server. */
  async leave(server?: IdRef): Promise<void> {
    await this.act("DELETE", path.member(this.world.server(server), this), { action: "leave" });
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
    await this.act(
      "DELETE",
      `/dev/v1/guilds/${this.world.server(options.server).id}/bans/${userIdOf(person)}`,
    );
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
    const role = await this.act<{ id: string; name: string }>("POST", `/dev/v1/guilds/${server.id}/roles`, {
      name,
      permissions,
      ...(options.mentionable === undefined ? {} : { mentionable: options.mentionable }),
      ...(options.hoist === undefined ? {} : { hoist: options.hoist }),
    });
    return this.world.adoptRole(role, server.id);
  }

  /** Changes a role's fields (`permissions`, `name`, `mentionable`…). */
  async updateRole(role: RoleHandle, changes: Record<string, unknown>): Promise<void> {
    await this.act("PATCH", `/dev/v1/guilds/${role.serverId}/roles/${role.id}`, changes);
  }

  /** Deletes a role. */
  async deleteRole(role: RoleHandle): Promise<void> {
    await this.act("DELETE", `/dev/v1/guilds/${role.serverId}/roles/${role.id}`);
  }

  /** Makes a channel (needs Manage channels); it is added to `world.channels` under its name. */
  async createChannel(
    name: string,
    options: { kind?: string; topic?: string; overwrites?: readonly OverwriteChange[]; server?: IdRef } = {},
  ): Promise<ChannelHandle> {
    const server = this.world.server(options.server);
    const channel = await this.act<{ id: string; name: string; guild_id: string; kind: string }>(
      "POST",
      `/dev/v1/guilds/${server.id}/channels`,
      {
        name,
        kind: options.kind ?? "text",
        ...(options.topic === undefined ? {} : { topic: options.topic }),
        ...(options.overwrites === undefined ? {} : { overwrites: options.overwrites.map(overwriteBody) }),
      },
    );
    return this.world.adoptChannel(channel);
  }

  /** Changes a channel: `name`, `topic`, `slowmode_seconds`, or its `overwrites` given with handles. */
  async updateChannel(
    channel: IdRef,
    changes: { overwrites?: readonly OverwriteChange[] } & Record<string, unknown>,
  ): Promise<void> {
    const { overwrites, ...rest } = changes;
    await this.act("PATCH", `/dev/v1/channels/${idOf(channel)}`, {
      ...rest,
      ...(overwrites === undefined ? {} : { overwrites: overwrites.map(overwriteBody) }),
    });
  }

  /** Deletes a channel. */
  async deleteChannel(channel: IdRef): Promise<void> {
    await this.act("DELETE", `/dev/v1/channels/${idOf(channel)}`);
  }

  /**
   * The channel's messages as this person sees them, newest first, with the ephemeral answers
   * addressed to them.
   */
  history(channel: IdRef, options: { limit?: number } = {}): Promise<Message[]> {
    return this.act<Message[]>("GET", `${path.messages(channel)}?limit=${options.limit ?? 50}`);
  }

  private act<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
    return this.world.dev.call<T>(method, route, body, this);
  }

  private async removeMember(
    person: IdRef,
    action: "kick" | "ban",
    options: ModerationOptions,
  ): Promise<void> {
    await this.act("DELETE", path.member(this.world.server(options.server), person), {
      action,
      ...(options.reason === undefined ? {} : { reason: options.reason }),
    });
  }

  private patchMember(person: IdRef, body: object, options: { server?: IdRef }): Promise<Member> {
    return this.act<Member>("PATCH", path.member(this.world.server(options.server), person), body);
  }

  private rolesOf(serverId: string, userId: string): readonly string[] {
    for (const member of this.world.core.world.tables.members.by("user", userId).values()) {
      if (member.guild_id === serverId) return member.roles;
    }
    return [];
  }
}

function overwriteBody(change: OverwriteChange) {
  return {
    id: change.for.id,
    type: change.for instanceof RoleHandle ? "role" : "member",
    allow: [...(change.allow ?? [])],
    deny: [...(change.deny ?? [])],
  };
}
