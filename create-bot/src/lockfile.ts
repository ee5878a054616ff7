import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where a release puts each template's lock (scripts/template-locks.mjs): `locks/<template>.json`. */
export function locksFolder(): string {
  return fileURLToPath(new URL("../locks/", import.meta.url));
}

/** The parts of a package.json and of a lock's root entry that say what is installed. */
const SECTIONS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

type Manifest = Partial<Record<(typeof SECTIONS)[number], Record<string, string>>> & { name: string };

interface Lock {
  name: string;
  packages: Record<string, Manifest>;
}

/** Whether two sets of dependency ranges are the same, in any order. */
function sameRanges(a: Record<string, string> = {}, b: Record<string, string> = {}): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * Writes the release's lock of `template` into the project in `folder` as its package-lock.json,
 * named as the project, when the lock was made for exactly what the project's package.json asks
 * for (better-sqlite3 aside, which npm then adds on a Node without node:sqlite). Answers whether it
 * wrote it: a checkout's generator has no locks (they are made at release), and a lock of other
 * ranges would be refused by npm or pin what the project does not ask for.
 */
export function writeReleaseLock(folder: string, template: string, from = locksFolder()): boolean {
  const path = join(from, `${template}.json`);
  if (!existsSync(path)) return false;
  const lock = JSON.parse(readFileSync(path, "utf8")) as Lock;
  const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as Manifest;
  const asked: Manifest = { ...manifest, dependencies: { ...manifest.dependencies } };
  delete asked.dependencies!["better-sqlite3"];
  const root = lock.packages[""];
  if (!root || !SECTIONS.every((s) => sameRanges(asked[s], root[s]))) return false;
  lock.name = manifest.name;
  root.name = manifest.name;
  writeFileSync(join(folder, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  return true;
}
