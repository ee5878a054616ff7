import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** GitHub's anchor of a Markdown heading. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");
}

describe("links from the code to docs/decisions.md", () => {
  it("every #anchor the code cites is a heading of the page", () => {
    const page = readFileSync(join(root, "docs/decisions.md"), "utf8");
    const anchors = new Set([...page.matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]!)));
    const cited = new Map<string, string>();
    for (const file of sources(join(root, "packages"))) {
      for (const m of readFileSync(file, "utf8").matchAll(/docs\/decisions\.md#([a-z0-9-]+)/g)) {
        cited.set(m[1]!, file.slice(root.length));
      }
    }
    expect(cited.size).toBeGreaterThan(3);
    const broken = [...cited].filter(([a]) => !anchors.has(a));
    expect(broken).toEqual([]);
  });
});
