import { PERMISSION_BITS, type PermissionName, permissionsToBits } from "@chatbot/protocol";

/** Every permission bit. */
export const ALL_PERMISSIONS: bigint = permissionsToBits(Object.keys(PERMISSION_BITS) as PermissionName[]);

/** What a timed-out member keeps (unless owner or administrator): seeing and reading. */
export const TIMEOUT_ALLOWED: bigint = PERMISSION_BITS.view_channels | PERMISSION_BITS.read_message_history;

const ADMINISTRATOR = PERMISSION_BITS.administrator;
const VIEW_CHANNELS = PERMISSION_BITS.view_channels;

/** The facts about one member that decide their permissions, as bitfields. */
export interface PermissionSubject {
  readonly userId: string;
  /** The server owner has every permission, everywhere. */
  readonly isOwner: boolean;
  readonly everyoneRoleId: string;
  readonly everyonePermissions: bigint;
  /** The member's own roles (not the everyone role). */
  readonly roles: readonly { readonly id: string; readonly permissions: bigint }[];
  /** Whether a timeout is running now. */
  readonly timedOut: boolean;
}

/** A channel overwrite as bitfields. */
export interface OverwriteBits {
  readonly id: string;
  readonly type: "role" | "member";
  readonly allow: bigint;
  readonly deny: bigint;
}

function rolePermissions(subject: PermissionSubject): bigint {
  let bits = subject.everyonePermissions;
  for (const role of subject.roles) bits |= role.permissions;
  return bits;
}

/**
 * A member's server-level permissions: everyone role, then the member's roles; `administrator`
 * grants all; the owner has all; a running timeout leaves only view and read history.
 */
export function basePermissions(subject: PermissionSubject): bigint {
  if (subject.isOwner) return ALL_PERMISSIONS;
  const bits = rolePermissions(subject);
  if ((bits & ADMINISTRATOR) !== 0n) return ALL_PERMISSIONS;
  return subject.timedOut ? bits & TIMEOUT_ALLOWED : bits;
}

/**
 * A member's permissions in a channel: the server-level ones, then the channel's overwrites in
 * order — everyone, the member's roles (all denies, then all allows), the member. Owner and
 * administrator have all. Without `view_channels` nothing else counts; a timeout leaves view and
 * read history only.
 */
export function channelPermissions(subject: PermissionSubject, overwrites: readonly OverwriteBits[]): bigint {
  if (subject.isOwner) return ALL_PERMISSIONS;
  let bits = rolePermissions(subject);
  if ((bits & ADMINISTRATOR) !== 0n) return ALL_PERMISSIONS;

  const everyone = overwrites.find((o) => o.type === "role" && o.id === subject.everyoneRoleId);
  if (everyone) bits = (bits & ~everyone.deny) | everyone.allow;

  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type !== "role" || o.id === subject.everyoneRoleId) continue;
    if (subject.roles.some((r) => r.id === o.id)) {
      allow |= o.allow;
      deny |= o.deny;
    }
  }
  bits = (bits & ~deny) | allow;

  const own = overwrites.find((o) => o.type === "member" && o.id === subject.userId);
  if (own) bits = (bits & ~own.deny) | own.allow;

  if ((bits & VIEW_CHANNELS) === 0n) return 0n;
  return subject.timedOut ? bits & TIMEOUT_ALLOWED : bits;
}

/** Whether `bits` holds the permission `name`. */
export function hasPermission(bits: bigint, name: PermissionName): boolean {
  return (bits & PERMISSION_BITS[name]) !== 0n;
}
