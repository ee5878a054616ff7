import type { ChannelKind } from "@chatbot/protocol";

/** A channel of the world; in a message's text it reads as the channel link `<#id>`. */
export class ChannelHandle {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly serverId: string,
    readonly kind: ChannelKind,
  ) {}

  toString(): string {
    return `<#${this.id}>`;
  }
}

/** A role of a server; in a message's text it reads as the role mention `<@&id>`. */
export class RoleHandle {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly serverId: string,
  ) {}

  toString(): string {
    return `<@&${this.id}>`;
  }
}

/** A server of the world with its channels and roles by name (`everyone` is the everyone role). */
export class ServerHandle {
  readonly channels: Record<string, ChannelHandle> = {};
  readonly roles: Record<string, RoleHandle> = {};

  constructor(
    readonly id: string,
    readonly name: string,
  ) {}
}

/** Anything that stands for an id: a handle, a person, a message, or the id itself. */
export type IdRef = string | { readonly id: string };

/** The id of a handle, a message or an id. */
export function idOf(ref: IdRef): string {
  return typeof ref === "string" ? ref : ref.id;
}

/**
 * The user id a person's action is aimed at: a person's or member's id, or, for an app's handle
 * (`world.app`), its bot account's (`userId`), so an app works wherever a person does.
 */
export function userIdOf(ref: IdRef): string {
  if (typeof ref === "object" && "userId" in ref && typeof ref.userId === "string") return ref.userId;
  return idOf(ref);
}
