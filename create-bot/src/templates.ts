import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Where the templates are: inside the package once packed (`templates/`, copied there before
 * `npm pack`), else the monorepo's `templates/` folder beside this package.
 */
export function templatesFolder(): string {
  const packed = fileURLToPath(new URL("../templates/", import.meta.url));
  if (existsSync(packed)) return packed;
  return fileURLToPath(new URL("../../templates/", import.meta.url));
}

/** The files every template has (package.json, tsconfig, main.ts, ...), rendered before its own. */
export const SHARED = "_shared";

/** The templates there: each folder is one, but {@link SHARED}. */
export function templateNames(folder = templatesFolder()): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== SHARED)
    .map((entry) => entry.name)
    .sort();
}
