import type { Category, Emoji, Role } from "@chatbot/protocol";
import type { CategoryRecord, EmojiRecord, RoleRecord } from "../../kernel/world/records.js";

/** The role object. */
export function serializeRole(role: RoleRecord): Role {
  return {
    id: role.id,
    name: role.name,
    color: role.color,
    position: role.position,
    permissions: [...role.permissions],
    hoist: role.hoist,
    mentionable: role.mentionable,
    managed: role.managed,
    default: role.default,
  };
}

/** A category entry `{ id, name, position }`. */
export function serializeCategory(category: CategoryRecord): Category {
  return { id: category.id, name: category.name, position: category.position };
}

/** A custom emoji entry. */
export function serializeEmoji(emoji: EmojiRecord): Emoji {
  return {
    id: emoji.id,
    name: emoji.name,
    animated: emoji.animated,
    available: emoji.available,
    image_id: emoji.image_id ?? emoji.id,
  };
}
