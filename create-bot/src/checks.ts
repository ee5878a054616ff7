import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
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

/** The Node lines this generator and the projects it makes support, as their `engines` say. */
export const SUPPORTED_NODE = "Node 24 (active LTS) or Node 22.13 or newer (maintenance LTS)";

/**
 * `version` ("22.13.0") must be on a supported line: 22 from 22.13 (the first with `node:sqlite`
 * unflagged) or 24 and later. Another line gets a warning naming them: the project is still made.
 */
export function checkNodeLine(version: string): string | null {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major >= 24 || (major === 22 && minor >= 13)) return null;
  return `Node ${version} is not supported; use ${SUPPORTED_NODE}. The project is made, but its install or its bot may fail on this Node`;
}

/**
 * `--local <path>` must be a clone of the chatbot repository holding `packages` (by folder:
 * `framework`), which the project links to, installed and built (`npm ci` does both): the project
 * takes the clone's vitest and vite too. Anything else makes a project of dangling links; the
 * answer names the flag, the path and what is missing.
 */
export function checkLocal(path: string, packages: readonly string[]): string | null {
  const flag = `--local ${path}`;
  if (!existsSync(path))
    return `${flag}: there is no such folder; give the folder of a clone of the chatbot repository`;
  if (!statSync(path).isDirectory())
    return `${flag}: not a folder; give the folder of a clone of the chatbot repository`;
  const named = (manifest: string, name: string) => {
    try {
      return (JSON.parse(readFileSync(join(path, manifest), "utf8")) as { name?: unknown }).name === name;
    } catch {
      return false;
    }
  };
  const absent = packages
    .filter((pkg) => !named(`packages/${pkg}/package.json`, `@chatbot/${pkg}`))
    .map((pkg) => `packages/${pkg}/package.json of @chatbot/${pkg}`);
  if (absent.length > 0)
    return `${flag} is not a clone of the chatbot repository with the packages this template needs: no ${absent.join(", no ")}`;
  const unready = [
    ...packages
      .filter((pkg) => !existsSync(join(path, "packages", pkg, "dist")))
      .map((pkg) => `packages/${pkg}/dist`),
    ...["vitest", "vite"]
      .filter((tool) => !named(`node_modules/${tool}/package.json`, tool))
      .map((tool) => `node_modules/${tool}`),
  ];
  if (unready.length > 0)
    return `${flag}: the clone is not installed and built (no ${unready.join(", no ")}); run \`npm ci\` in it`;
  return null;
}
