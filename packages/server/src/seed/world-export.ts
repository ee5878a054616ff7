import { compareIds } from "../kernel/ids.js";
import type { World, WorldTables } from "../kernel/world/world.js";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";

const byId = <T extends { id: string }>(rows: Iterable<T>): T[] =>
  [...rows].sort((a, b) => compareIds(a.id, b.id));

const byPair = <T extends { guild_id: string }>(rows: Iterable<T>, other: (row: T) => string): T[] =>
  [...rows].sort((a, b) => compareIds(a.guild_id, b.guild_id) || compareIds(other(a), other(b)));

/** The tables of the seed shape, in its key order. */
type SectionKey = Exclude<keyof ParsedSeedWorld, "version">;

/** One table of the export: its rows in export order, and a copy of a row with the same JSON. */
interface Section {
  readonly key: SectionKey;
  readonly rows: (t: WorldTables) => readonly object[];
  readonly copy: (row: never) => object;
}

const clone = (row: object): object => structuredClone(row);

/** The export, table by table. Rows are never changed in place, so a list of rows is a snapshot. */
const SECTIONS: readonly Section[] = [
  { key: "users", rows: (t) => byId(t.users.values()), copy: (u: object) => ({ ...u }) },
  {
    key: "apps",
    rows: (t) => byId(t.apps.values()),
    copy: (a: { privileged_intents: readonly string[] }) => ({
      ...a,
      privileged_intents: [...a.privileged_intents],
    }),
  },
  { key: "guilds", rows: (t) => byId(t.guilds.values()), copy: (g: object) => ({ ...g }) },
  {
    key: "roles",
    rows: (t) => byId(t.roles.values()),
    copy: (r: { permissions: readonly string[] }) => ({ ...r, permissions: [...r.permissions] }),
  },
  { key: "categories", rows: (t) => byId(t.categories.values()), copy: (c: object) => ({ ...c }) },
  { key: "channels", rows: (t) => byId(t.channels.values()), copy: clone },
  {
    key: "members",
    rows: (t) => byPair(t.members.values(), (m) => m.user_id),
    copy: (m: { roles: readonly string[] }) => ({ ...m, roles: [...m.roles] }),
  },
  { key: "installs", rows: (t) => byPair(t.installs.values(), (i) => i.application_id), copy: clone },
  { key: "messages", rows: (t) => byId(t.messages.values()), copy: clone },
  { key: "bans", rows: (t) => byPair(t.bans.values(), (b) => b.user_id), copy: (b: object) => ({ ...b }) },
  { key: "emojis", rows: (t) => byId(t.emojis.values()), copy: (e: object) => ({ ...e }) },
  { key: "audit_log", rows: (t) => byId(t.audit_log.values()), copy: clone },
  { key: "webhooks", rows: (t) => byId(t.webhooks.values()), copy: (w: object) => ({ ...w }) },
  { key: "commands", rows: (t) => byId(t.commands.values()), copy: clone },
  { key: "automod_rules", rows: (t) => byId(t.automod_rules.values()), copy: clone },
];

/**
 * The whole world in the seed shape (`GET /dev/v1/world`), in id order, so it can be saved and
 * loaded again. Apps show only their `token_hash` and webhooks only their `secret_hash`; the
 * connection history and interactions are not part of it.
 */
export function exportWorld(world: World): ParsedSeedWorld {
  const out: Record<string, unknown> = { version: 1 };
  for (const section of SECTIONS)
    out[section.key] = section.rows(world.tables).map((r) => section.copy(r as never));
  return out as unknown as ParsedSeedWorld;
}

/** About how much JSON text each piece of {@link exportWorldJson} holds. */
const PIECE_CHARS = 64 * 1024;

/**
 * {@link exportWorld} as JSON text in pieces of about 64 KiB, byte for byte what
 * `JSON.stringify(exportWorld(world))` gives, without the whole document in memory at once. The rows
 * are taken when this is called (a snapshot: rows are replaced, never changed), so a world changed
 * while the pieces are read does not show in them; each piece is serialized when it is asked for.
 */
export function exportWorldJson(world: World): Iterable<string> {
  const tables = SECTIONS.map((section) => [section.key, section.rows(world.tables)] as const);
  return pieces(tables);
}

function* pieces(tables: ReadonlyArray<readonly [SectionKey, readonly object[]]>): Generator<string> {
  let piece = '{"version":1';
  for (const [key, rows] of tables) {
    piece += `,${JSON.stringify(key)}:[`;
    for (let i = 0; i < rows.length; i++) {
      if (i > 0) piece += ",";
      piece += JSON.stringify(rows[i]);
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = "";
      }
    }
    piece += "]";
  }
  yield `${piece}}`;
}
