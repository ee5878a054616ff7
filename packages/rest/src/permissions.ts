import { isPermissionName, PERMISSION_BITS, PERMISSION_NAMES, type PermissionName } from "@chatbot/protocol";

/** What {@link Permissions} methods accept: a name, a list of names, a bitfield, or another set. */
export type PermissionResolvable = PermissionName | Iterable<PermissionName> | bigint | Permissions;

/** A bad input to {@link Permissions}: an unknown name or a string that is not a decimal bitfield. */
export class PermissionsError extends Error {
  override readonly name = "PermissionsError";
  readonly code = "invalid_permissions";
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;

function resolve(value: PermissionResolvable): bigint {
  if (typeof value === "bigint") return value;
  if (value instanceof Permissions) return value.bits;
  if (typeof value === "string") return bitOf(value);
  let bits = 0n;
  for (const name of value) bits |= bitOf(name);
  return bits;
}

function bitOf(name: string): bigint {
  if (!isPermissionName(name)) {
    throw new PermissionsError(
      `unknown permission "${name}": expected one of ${PERMISSION_NAMES.join(", ")}`,
    );
  }
  return PERMISSION_BITS[name];
}

/**
 * An immutable set of permissions as a bitfield. The names are the interface's (`view_channels`,
 * `send_messages`, ...), each at the bit the widely used chat platform gives the same right
 * (`administrator` is `1 << 3`, `view_channels` `1 << 10`, `moderate_members` `1 << 40`), so the
 * field is a `bigint`. It serialises as the decimal string of that number.
 *
 * @example
 * const perms = Permissions.from(["view_channels", "send_messages"]);
 * perms.has("send_messages"); // true
 * perms.missing(["send_messages", "embed_links"]); // ["embed_links"]
 * Permissions.deserialize(perms.serialize()).equals(perms); // true
 */
export class Permissions {
  /** Each permission name's bit. */
  static readonly FLAGS: Readonly<Record<PermissionName, bigint>> = PERMISSION_BITS;
  /** Every permission of the interface. */
  static readonly ALL: bigint = Object.values(PERMISSION_BITS).reduce((all, bit) => all | bit, 0n);

  /** The bitfield. */
  readonly bits: bigint;

  constructor(bits: PermissionResolvable = 0n) {
    this.bits = resolve(bits);
  }

  /** The set holding `names`; throws a {@link PermissionsError} naming an unknown name. */
  static from(names: Iterable<PermissionName | string>): Permissions {
    return new Permissions(names as Iterable<PermissionName>);
  }

  /** Reads the decimal string {@link Permissions.serialize} wrote; bits of no known right are kept. */
  static deserialize(value: string): Permissions {
    if (!DECIMAL.test(value)) {
      throw new PermissionsError(`permissions must be a decimal bitfield string, got "${value}"`);
    }
    return new Permissions(BigInt(value));
  }

  /**
   * Whether every permission of `permission` is in the set. `administrator` grants all unless
   * `checkAdmin` is `false`.
   */
  has(permission: PermissionResolvable, checkAdmin = true): boolean {
    if (checkAdmin && (this.bits & PERMISSION_BITS.administrator) !== 0n) return true;
    const wanted = resolve(permission);
    return (this.bits & wanted) === wanted;
  }

  /** The permissions of `permissions` not in the set, in bit order (administrator grants all). */
  missing(permissions: PermissionResolvable, checkAdmin = true): PermissionName[] {
    if (checkAdmin && (this.bits & PERMISSION_BITS.administrator) !== 0n) return [];
    return new Permissions(resolve(permissions) & ~this.bits).toArray();
  }

  /** A new set with `permissions` added. */
  add(permissions: PermissionResolvable): Permissions {
    return new Permissions(this.bits | resolve(permissions));
  }

  /** A new set with `permissions` removed. */
  remove(permissions: PermissionResolvable): Permissions {
    return new Permissions(this.bits & ~resolve(permissions));
  }

  /** Whether both sets hold the same bits. */
  equals(other: PermissionResolvable): boolean {
    return this.bits === resolve(other);
  }

  /** The names in the set, in bit order. */
  toArray(): PermissionName[] {
    return PERMISSION_NAMES.filter((name) => (this.bits & PERMISSION_BITS[name]) !== 0n);
  }

  /** The decimal string of the bitfield (`"3072"` for view_channels and send_messages). */
  serialize(): string {
    return this.bits.toString();
  }

  /** Same as {@link Permissions.serialize}, so `JSON.stringify` writes the string. */
  toJSON(): string {
    return this.serialize();
  }

  toString(): string {
    return this.serialize();
  }
}
