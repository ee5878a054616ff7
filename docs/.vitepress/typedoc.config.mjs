// TypeDoc over every published package's public surface: the entry points are the `source`
// conditions of each packages/*/package.json `exports`, so the API reference lists exactly what a
// user can import. Output is Markdown for VitePress, in docs/api/ (generated, git-ignored).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** `{ path, name }` of every export of every package: `@chatbot/cluster/testing` and the like. */
export const entries = readdirSync(join(root, "packages")).flatMap((dir) => {
  const manifest = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8"));
  if (manifest.private) return [];
  // `@chatbot/protocol/constants` only re-exports names of `@chatbot/protocol` (it is the narrow
  // entry the web console's bundle imports): the reference lists each of them once, under the root.
  const exports = Object.entries(manifest.exports ?? {}).filter(
    ([subpath]) => !(manifest.name === "@chatbot/protocol" && subpath === "./constants"),
  );
  return exports.map(([subpath, conditions]) => ({
    path: relative(root, join(root, "packages", dir, conditions.source)),
    name: subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
  }));
});

/** @type {Partial<import("typedoc").TypeDocOptions & import("typedoc-plugin-markdown").PluginOptions>} */
export default {
  entryPoints: entries.map((entry) => join(root, entry.path)),
  tsconfig: join(root, "docs/.vitepress/tsconfig.typedoc.json"),
  out: join(root, "docs/api"),
  plugin: [
    "typedoc-plugin-markdown",
    "typedoc-vitepress-theme",
    join(root, "docs/.vitepress/typedoc-module-names.mjs"),
    join(root, "docs/.vitepress/typedoc-anchors.mjs"),
    join(root, "docs/.vitepress/typedoc-unique-declarations.mjs"),
  ],
  // Source links point at the published repository whatever this clone's remote is (CI's clone has
  // a local path for its origin, which TypeDoc cannot turn into a link and warns about).
  sourceLinkTemplate: "https://github.com/chatbot-dev/chatbot/blob/{gitRevision}/{path}#L{line}",
  // `npm run typecheck` checks the sources; TypeDoc only reads them.
  skipErrorChecking: true,
  excludePrivate: true,
  excludeInternal: true,
  readme: "none",
  name: "API reference",
  hideBreadcrumbs: false,
  entryFileName: "index",
  // One page per package export, a section per name: a sidebar of ten entries instead of seven
  // hundred (rendered into every page), and the search finds each name as a section of its page.
  outputFileStrategy: "modules",
  docsRoot: join(root, "docs"),
  sidebar: { autoConfiguration: true, format: "vitepress", pretty: false, collapsed: true },
  // Every warning is fixed at its cause, and a new one fails `npm run docs:api` (and so
  // `docs:build`) instead of scrolling past: a link to a name the packages do not export, a
  // second doc comment for one symbol.
  logLevel: "Warn",
  treatWarningsAsErrors: true,
};
