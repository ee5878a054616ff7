import { isPermissionName, type PermissionName } from "@chatbot/protocol";

/** Distinct permission lists kept at most; past it, a list is kept on its own. */
const MAX_INTERNED = 4_096;

/**
 * A list of permission names, shared by every channel and role that has the same one: a server's
 * channels mostly carry the same few lists, so the view keeps one copy of each (frozen).
 */
export class PermissionSet {
  readonly names: readonly PermissionName[];
  readonly #has: ReadonlySet<PermissionName>;

  private constructor(names: readonly PermissionName[]) {
    this.names = Object.freeze([...names]);
    this.#has = new Set(names);
  }

  static #interned = new Map<string, PermissionSet>();

  /** The shared set for `names` (the wire's permission array). */
  static of(names: readonly PermissionName[]): PermissionSet {
    const key = names.join(",");
    let set = PermissionSet.#interned.get(key);
    if (set === undefined) {
      set = new PermissionSet(names);
      if (PermissionSet.#interned.size < MAX_INTERNED) PermissionSet.#interned.set(key, set);
    }
    return set;
  }

  /** Whether every name is in the set; `administrator` grants every right. */
  has(names: readonly PermissionName[]): boolean {
    if (this.#has.has("administrator")) return true;
    for (const name of names) if (!this.#has.has(name)) return false;
    return true;
  }

  /** The names not in the set (none when it holds `administrator`), in the order asked. */
  missing(names: readonly PermissionName[]): PermissionName[] {
    if (this.#has.has("administrator")) return [];
    return names.filter((name) => !this.#has.has(name));
  }
}

/** Checks the names a caller asks about, naming the bad one. */
export function checkPermissionNames(where: string, names: readonly string[]): PermissionName[] {
  if (names.length === 0) throw new TypeError(`${where} needs at least one permission name`);
  return names.map((name, i) => {
    if (typeof name !== "string" || !isPermissionName(name)) {
      throw new TypeError(
        `${where}: argument ${i} must be a permission name such as "send_messages", got ${JSON.stringify(name)}`,
      );
    }
    return name;
  });
}
