import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The text of a page of the repository, by its path from the root (`docs/cli.md`, `README.md`). */
export function readPage(path: string): string {
  return readFileSync(new URL(path, new URL("../../../", import.meta.url)), "utf8");
}

/** The `lang` block of `page` (named `name` in errors) whose first line starts with `first`. */
export function codeBlock(page: string, name: string, first: string, lang = "sh"): string {
  const blocks = [...page.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
  const found = blocks.find((b) => b.startsWith(first));
  if (!found) throw new Error(`${name} has no ${lang} block starting with ${first}`);
  return found;
}

/** Runs `script` with bash as a user would paste it; `-e`: the first failing command fails it. */
export function bash(script: string, cwd = REPO_ROOT) {
  // --norc: Debian's bash reads /etc/bash.bashrc even when not interactive if stdin is a socket.
  return spawnSync("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", script], {
    cwd,
    encoding: "utf8",
    timeout: 60_000,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The rows of the first Markdown table of `page` whose header row is exactly `header`. */
export function tableRows(page: string, header: string): string[][] {
  const lines = page.split("\n");
  const start = lines.indexOf(header);
  if (start < 0) throw new Error(`no table with the header ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The text of each inline code span of `cell` (`` `GET /v1/x` `` gives `GET /v1/x`). */
export function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/**
 * Runs a JavaScript module block with node, as `main.mjs` in a fresh folder inside the repository's
 * `node_modules/.cache` (so its imports resolve as after `npm install`), beside `files`.
 */
export function runModule(code: string, files: Record<string, string> = {}) {
  const cache = join(REPO_ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, "docs-module-"));
  try {
    for (const [name, text] of Object.entries({ ...files, "main.mjs": code })) {
      writeFileSync(join(dir, name), text);
    }
    return spawnSync(process.execPath, ["main.mjs"], { cwd: dir, encoding: "utf8", timeout: 30_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
