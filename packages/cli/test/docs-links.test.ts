// The links of docs/ and the READMEs: every relative link points at a file of this repository, and
// every anchor at a heading of that file; docs/index.md links every page.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { codeSpans, readPage, REPO_ROOT } from "./doc-blocks.js";

describe("links of docs/ and the READMEs", () => {
  const readmes = ["README.md", "create-bot/README.md", "templates/README.md"].concat(
    readdirSync(join(REPO_ROOT, "packages"))
      .map((name) => `packages/${name}/README.md`)
      .filter((path) => existsSync(join(REPO_ROOT, path))),
  );
  const docs = readdirSync(join(REPO_ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  const pages = [...readmes, ...docs];

  it("point only at files of this repository, and at headings those files have", () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = readPage(page);
      const targets = [
        ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!),
        // Paths written out in code, such as `../templates/`.
        ...codeSpans(text).filter((span) => /^\.\.?\//.test(span)),
      ].filter((target) => !/^[a-z]+:/.test(target));
      for (const target of targets) {
        const [file, anchor] = target.split("#") as [string, string | undefined];
        const path = file === "" ? join(REPO_ROOT, page) : resolve(REPO_ROOT, dirname(page), file);
        if (relative(REPO_ROOT, path).startsWith("..") || !existsSync(path)) {
          broken.push(`${page}: ${target}`);
        } else if (anchor !== undefined && !headingSlugs(readFileSync(path, "utf8")).includes(anchor)) {
          broken.push(`${page}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("docs/index.md links every page of docs/", () => {
    const index = readPage("docs/index.md");
    for (const page of docs.filter((p) => p !== "docs/index.md")) {
      expect(index, page).toContain(`](${page.slice("docs/".length)})`);
    }
  });
});

/** The anchors GitHub gives the headings of a Markdown text. */
function headingSlugs(text: string): string[] {
  return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-"),
  );
}
