import { snowflakeString } from "../kernel/ids.js";
import { SeedError } from "./seed-error.js";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";

/**
 * The worker number (bits 17 to 21) of each kind of derived id. The server's own generator uses 1,
 * so a derived id never equals an id the server makes later.
 */
const WORKERS = { bot_user: 2, everyone_role: 3, install_role: 4 } as const;

/** What a seed may leave out and the server then makes: each kind has its own worker number. */
export type DerivedKind = keyof typeof WORKERS;

const SEQUENCE_MASK = 0x1ffff;

/** Past this millisecond an id would reach 2^63. */
const LAST_MS = 2 ** 41;

/** 32-bit FNV-1a of `text`: a fixed, well-spread hash, the same on every run. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const canonical = (id: string): string => BigInt(id).toString();

/** Every id the seed writes (rows' own ids and the ids it gives for things the server would make). */
function writtenIds(seed: ParsedSeedWorld): Set<string> {
  const ids = new Set<string>();
  for (const rows of Object.values(seed)) {
    if (!Array.isArray(rows)) continue;
    for (const row of rows as Array<{ id?: unknown }>)
      if (typeof row.id === "string") ids.add(canonical(row.id));
  }
  for (const app of seed.apps) if (app.bot_user_id !== undefined) ids.add(canonical(app.bot_user_id));
  for (const guild of seed.guilds)
    if (guild.everyone_role_id !== undefined) ids.add(canonical(guild.everyone_role_id));
  for (const install of seed.installs) if (install.role_id !== undefined) ids.add(canonical(install.role_id));
  return ids;
}

/**
 * Makes the ids a seed implies but does not give (an app's bot account, a server's everyone role,
 * an install's managed role) from the seed alone, so the same seed gives the same ids on every
 * start. Each is a snowflake in the millisecond after its owner's id, with the kind's worker number and
 * a sequence hashed from the owner's ids; on the rare clash with an id the seed writes (or one made
 * before) the next sequence is taken.
 */
export class DerivedIds {
  private readonly taken: Set<string>;

  constructor(seed: ParsedSeedWorld) {
    this.taken = writtenIds(seed);
  }

  /**
   * The id of the `kind` thing that belongs to `owners` (ids of the seed; the first gives the time
   * part: one millisecond later). `path` names the field that would give it, for the error when no id is left.
   */
  derive(kind: DerivedKind, owners: readonly [string, ...string[]], path: string): string {
    const ownerMs = Number(BigInt(owners[0]) >> 22n);
    // The millisecond after the owner's, so the id sorts after its owner; ids stay below 2^63.
    const ms = ownerMs + 1 < LAST_MS ? ownerMs + 1 : ownerMs;
    let sequence = fnv1a(`${kind}:${owners.map(canonical).join(":")}`) & SEQUENCE_MASK;
    for (let tries = 0; tries <= SEQUENCE_MASK; tries++) {
      const id = snowflakeString(ms, (WORKERS[kind] << 17) | sequence);
      if (!this.taken.has(id)) {
        this.taken.add(id);
        return id;
      }
      sequence = (sequence + 1) & SEQUENCE_MASK;
    }
    throw SeedError.at(path, "no id is left to derive in this millisecond; give one");
  }
}
