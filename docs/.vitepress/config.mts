// The documentation site: VitePress over docs/, with local search and the API reference that
// TypeDoc writes into docs/api/ (`npm run docs:build`, `npm run docs:dev`).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type DefaultTheme, type MarkdownRenderer } from "vitepress";
import { githubSlug, vitepressSlug } from "./slugs.mjs";

const docs = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The repository on GitHub, as the packages' manifests name it. */
const repository = (
  JSON.parse(readFileSync(join(docs, "../packages/protocol/package.json"), "utf8")) as {
    repository: { url: string };
  }
).repository.url
  .replace(/^git\+/, "")
  .replace(/\.git$/, "");

/** The pages in the order docs/index.md lists them (its `- [Title](page.md)` lines). */
function pageItems(): DefaultTheme.SidebarItem[] {
  const index = readFileSync(join(docs, "index.md"), "utf8");
  return [...index.matchAll(/^- \[(.+?)\]\((.+?)\.md\)/gm)].map((m) => ({
    text: m[1]!.replaceAll("`", ""),
    link: `/${m[2]}`,
  }));
}

/** The API reference's sidebar, as TypeDoc wrote it (none before the first TypeDoc run). */
function apiItems(): DefaultTheme.SidebarItem[] {
  const path = join(docs, "api/typedoc-sidebar.json");
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as DefaultTheme.SidebarItem[]) : [];
}

/**
 * Links from a page to a file of the repository outside docs/ (`../packages/protocol/README.md`)
 * work on GitHub and in an editor; on the site they lead to that file on GitHub.
 */
function repositoryLinks(md: MarkdownRenderer): void {
  md.core.ruler.push("repository-links", (state) => {
    const page = (state.env as { relativePath?: string }).relativePath ?? "";
    for (const token of state.tokens.flatMap((t) => t.children ?? [])) {
      const href = token.type === "link_open" ? token.attrGet("href") : null;
      if (href === null || /^[a-z]+:|^[#/]/i.test(href)) continue;
      const path = posix.normalize(posix.join("docs", posix.dirname(page), href));
      if (!path.startsWith("docs/")) token.attrSet("href", `${repository}/blob/main/${path}`);
    }
  });
}

export default defineConfig({
  title: "chatbot",
  description: "The reference server, SDK, framework and tools for writing bots for the chat service",
  srcExclude: ["**/README.md"],
  lastUpdated: false,
  markdown: {
    config: repositoryLinks,
    // GitHub's anchors on the guide's pages, VitePress's on TypeDoc's.
    anchor: {
      slugifyWithState: (title: string, state: { env: { relativePath?: string } }) =>
        state.env.relativePath?.startsWith("api/") ? vitepressSlug(title) : githubSlug(title),
    },
  },
  // The local search's index of the API reference is one chunk of a few megabytes, by design.
  vite: { build: { chunkSizeWarningLimit: 4096 } },
  themeConfig: {
    search: { provider: "local" },
    nav: [
      { text: "Guide", link: "/" },
      { text: "API reference", link: "/api/" },
    ],
    sidebar: {
      "/api/": [{ text: "API reference", link: "/api/", items: apiItems() }],
      "/": [
        { text: "Guide", items: [{ text: "Documentation", link: "/" }, ...pageItems()] },
        { text: "API reference", link: "/api/" },
      ],
    },
    outline: [2, 3],
  },
});
