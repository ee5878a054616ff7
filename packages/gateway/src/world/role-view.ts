import type { PermissionName, Role } from "@chatbot/protocol";
import { PermissionSet } from "./permission-set.js";

/** A role of the bot's view: the role object's fields, its permission list shared with like roles. */
export class RoleView implements Role {
  readonly id: string;
  readonly name: string;
  readonly color: string | null;
  readonly position: number;
  readonly hoist: boolean;
  readonly mentionable: boolean;
  readonly managed: boolean;
  readonly default: boolean;
  readonly #permissions: PermissionSet;

  /** @internal */
  constructor(role: Role) {
    this.id = role.id;
    this.name = role.name;
    this.color = role.color;
    this.position = role.position;
    this.hoist = role.hoist;
    this.mentionable = role.mentionable;
    this.managed = role.managed;
    this.default = role.default;
    this.#permissions = PermissionSet.of(role.permissions);
  }

  /** The role's permission names (a frozen list). */
  get permissions(): PermissionName[] {
    return this.#permissions.names as PermissionName[];
  }

  /** The role object, as the REST interface answers it. */
  toJSON(): Role {
    return {
      id: this.id,
      name: this.name,
      color: this.color,
      position: this.position,
      permissions: [...this.permissions],
      hoist: this.hoist,
      mentionable: this.mentionable,
      managed: this.managed,
      default: this.default,
    };
  }
}
