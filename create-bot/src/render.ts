import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { TEMPLATE_MANIFEST } from "./templates.js";

/** What a template is rendered with. */
export interface TemplateData {
  readonly name: string;
  readonly template: string;
  readonly pm: string;
  readonly generatorVersion: string;
  /** Each package's dependency spec: a version range, or `file:` a local checkout. */
  readonly deps: {
    readonly framework: string;
    readonly cli: string;
    readonly testing: string;
    readonly vitest: string;
    readonly vite: string;
    /**
     * better-sqlite3, for the state store on a Node without node:sqlite (before 22.13); null
     * where Node has it, and the project then installs nothing compiled.
     */
    readonly betterSqlite3: string | null;
  };
  /** The template's other packages of this repository (`@chatbot/plugin-mod-log`) → their spec. */
  readonly packages: Readonly<Record<string, string>>;
  /** With `--local`: the README's part on adding another package of the clone; else "". */
  readonly localPackages: string;
}

/**
 * Writes the template folder `from` into `to`: `*.hbs` files rendered with handlebars (the suffix
 * dropped), the rest copied (its `template.json` left out); `gitignore` becomes `.gitignore` (npm leaves `.gitignore` files out of
 * packages). Answers the files written, relative to `to`.
 */
export function renderTemplate(from: string, to: string, data: TemplateData, prefix = ""): string[] {
  const written: string[] = [];
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (prefix === "" && entry.name === TEMPLATE_MANIFEST) continue;
    const source = join(from, entry.name);
    if (entry.isDirectory()) {
      written.push(...renderTemplate(source, join(to, entry.name), data, `${prefix}${entry.name}/`));
      continue;
    }
    let name = entry.name === "gitignore" ? ".gitignore" : entry.name;
    let text = readFileSync(source, "utf8");
    if (name.endsWith(".hbs")) {
      name = name.slice(0, -4);
      text = Handlebars.compile(text, { noEscape: true, strict: true })(data);
    }
    writeFileSync(join(to, name), text);
    written.push(`${prefix}${name}`);
  }
  return written;
}
