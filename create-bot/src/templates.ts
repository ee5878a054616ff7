import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

/** The file of a template's settings; it is read, not rendered into the project. */
export const TEMPLATE_MANIFEST = "template.json";

/** What a template's `template.json` says (each field optional but `description`). */
export interface TemplateManifest {
  /** What the project is, in one line: `--help` and the interactive menu show it. */
  readonly description: string;
  /** Whether {@link SHARED} is rendered first (default true; a plugin package has its own files). */
  readonly shared: boolean;
  /** Packages of this repository the project depends on besides the framework, by folder (`plugin-mod-log`). */
  readonly packages: readonly string[];
}

/** Reads the template's `template.json`; a field it leaves out takes its default. */
export function templateManifest(folder: string): TemplateManifest {
  const path = join(folder, TEMPLATE_MANIFEST);
  const read = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Partial<TemplateManifest>) : {};
  return {
    description: read.description ?? "",
    shared: read.shared !== false,
    packages: read.packages ?? [],
  };
}

/** A template's name and its one line, as `--help` and the menu show them. */
export interface TemplateDescription {
  readonly name: string;
  readonly description: string;
}

/** Each template's name and its line, in name order (for `--help` and the menu). */
export function templateDescriptions(folder = templatesFolder()): TemplateDescription[] {
  return templateNames(folder).map((name) => ({
    name,
    description: templateManifest(join(folder, name)).description,
  }));
}
