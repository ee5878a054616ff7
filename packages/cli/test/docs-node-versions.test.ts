import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codeSpans, readPage, REPO_ROOT, tableRows } from "./doc-blocks.js";

const page = readPage("docs/node-versions.md");
const pins = JSON.parse(readFileSync(join(REPO_ROOT, "scripts/node-lines.json"), "utf8")) as {
  lines: Record<string, { version: string }>;
  otherLines: string[];
};

/** Every manifest that states the Node lines: the root, each package, the generator, the template. */
function manifests(): string[] {
  const packages = readdirSync(join(REPO_ROOT, "packages")).map((name) => `packages/${name}/package.json`);
  return ["package.json", "create-bot/package.json", ...packages].filter((path) => {
    try {
      readFileSync(join(REPO_ROOT, path));
      return true;
    } catch {
      return false;
    }
  });
}

describe("docs/node-versions.md", () => {
  const range = /`"node": "([^"]+)"`/.exec(page)?.[1];

  it("states the engines range every package.json and the template declare", () => {
    expect(range).toBe("^22.13.0 || >=24");
    for (const path of manifests()) {
      const manifest = JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8")) as {
        engines?: { node?: string };
      };
      expect(manifest.engines?.node, path).toBe(range);
    }
    for (const path of ["templates/_shared/package.json.hbs", "templates/plugin/package.json.hbs"]) {
      const template = readFileSync(join(REPO_ROOT, path), "utf8");
      expect(template, path).toContain(`"engines": { "node": "${range}" }`);
    }
  });

  it("names the exact version each line is tested on, as scripts/node-lines.json pins it", () => {
    const tested = new Map(
      tableRows(page, "| Line | Status | Supported from | Tested |").map((r) => [r[0], r[3]]),
    );
    for (const [line, { version }] of Object.entries(pins.lines))
      expect(tested.get(`Node ${line}`), `Node ${line}`).toBe(`every test, on ${version}`);
  });

  it("lists the files another line runs, as scripts/node-lines.json names them, each a test file", () => {
    const listed = tableRows(page, "| File | What differs on Node 20 |").flatMap((r) => codeSpans(r[0]!));
    expect(listed).toEqual(pins.otherLines);
    for (const file of listed) {
      expect(file).toMatch(/\.test\.ts$/);
      expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
    }
  });
});
