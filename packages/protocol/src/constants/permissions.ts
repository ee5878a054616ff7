/**
 * Permission names of the interface, with their bit positions in the SDKs' bitfields. The bits
 * follow the widely used platform's bit for the same right (docs/decisions.md#permission-names).
 */
export const PERMISSION_BITS = {
  kick_members: 1n << 1n,
  ban_members: 1n << 2n,
  administrator: 1n << 3n,
  manage_channels: 1n << 4n,
  manage_guild: 1n << 5n,
  add_reactions: 1n << 6n,
  view_audit_log: 1n << 7n,
  view_channels: 1n << 10n,
  send_messages: 1n << 11n,
  manage_messages: 1n << 13n,
  embed_links: 1n << 14n,
  attach_files: 1n << 15n,
  read_message_history: 1n << 16n,
  mention_everyone: 1n << 17n,
  connect: 1n << 20n,
  speak: 1n << 21n,
  change_nickname: 1n << 26n,
  manage_nicknames: 1n << 27n,
  manage_roles: 1n << 28n,
  manage_webhooks: 1n << 29n,
  use_application_commands: 1n << 31n,
  moderate_members: 1n << 40n,
} as const satisfies Record<string, bigint>;

/** A permission name such as `send_messages`. */
export type PermissionName = keyof typeof PERMISSION_BITS;

/** Every permission name, in bit order. */
export const PERMISSION_NAMES = Object.keys(PERMISSION_BITS) as PermissionName[];

/** What the everyone role of a new server may do (docs/decisions.md#readings-of-unclear-rules). */
export const DEFAULT_EVERYONE_PERMISSIONS: readonly PermissionName[] = [
  "view_channels",
  "send_messages",
  "read_message_history",
  "add_reactions",
  "embed_links",
  "attach_files",
  "use_application_commands",
  "change_nickname",
  "connect",
  "speak",
];

/** Whether `name` is a permission name of the interface. */
export function isPermissionName(name: string): name is PermissionName {
  return Object.hasOwn(PERMISSION_BITS, name);
}

/** Packs permission names into a bitfield. */
export function permissionsToBits(names: Iterable<PermissionName>): bigint {
  let bits = 0n;
  for (const name of names) bits |= PERMISSION_BITS[name];
  return bits;
}

/** Unpacks a bitfield into permission names, in bit order; unknown bits are dropped. */
export function bitsToPermissions(bits: bigint): PermissionName[] {
  return PERMISSION_NAMES.filter((name) => (bits & PERMISSION_BITS[name]) !== 0n);
}
