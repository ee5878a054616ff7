import { existsSync, readdirSync, statSync } from "node:fs";
import validate from "validate-npm-package-name";

/** An answer the generator cannot take; it says which and why. */
export class CreateError extends Error {
  readonly code = "create_refused";
  constructor(message: string) {
    super(message);
    this.name = "CreateError";
  }
}

/** The project's name must be a valid npm package name (it becomes package.json's `name`). */
export function checkName(name: string): string | null {
  if (name.trim() === "") return "the name is empty; give the project's name (it names its folder too)";
  const result = validate(name);
  if (result.validForNewPackages) return null;
  const why = [...(result.errors ?? []), ...(result.warnings ?? [])].join("; ");
  return `${JSON.stringify(name)} is not a valid package name: ${why}`;
}

/** The folder must not exist yet, or be empty. */
export function checkFolder(path: string): string | null {
  if (!existsSync(path)) return null;
  if (!statSync(path).isDirectory()) return `${path} exists and is not a folder`;
  if (readdirSync(path).length > 0)
    return `the folder ${path} exists and is not empty; pick another name or empty it`;
  return null;
}

/** The template must be one of `known`. */
export function checkTemplate(template: string, known: readonly string[]): string | null {
  return known.includes(template)
    ? null
    : `there is no template ${JSON.stringify(template)}; the templates are: ${known.join(", ")}`;
}
