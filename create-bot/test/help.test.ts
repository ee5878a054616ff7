import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { create, LINE_WARNING, REPO } from "./generated-project.js";

const dir = mkdtempSync(join(tmpdir(), "create-chat-bot-help-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each template's line, read from its template.json (the one place it is written). */
const described = readdirSync(join(REPO, "templates"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "_shared")
  .map((entry) => {
    const manifest = JSON.parse(readFileSync(join(REPO, "templates", entry.name, "template.json"), "utf8"));
    return { name: entry.name, description: manifest.description as unknown };
  });

it("--help lists every template with its line from its template.json, each on one line", () => {
  expect(described.map((t) => t.name)).toEqual(["basic", "moderation", "plugin", "webhook-relay"]);
  const help = create(["--help"], dir);
  expect(help.status, help.stderr).toBe(0);
  const width = Math.max(...described.map((t) => t.name.length));
  for (const { name, description } of described) {
    expect(description, name).toMatch(/^\S.{10,}$/);
    expect(help.stdout).toContain(`\n  ${name.padEnd(width)}  ${description}\n`);
  }
});

it("ends with a line saying the next two commands, for the package manager and the install", () => {
  const bot = create(["next-bot", "--yes", "--no-install", "--no-git", "--pm", "pnpm", "--local", REPO], dir);
  expect(bot.stderr).toBe(LINE_WARNING);
  expect(bot.stdout.trimEnd().split("\n").at(-1)).toBe(
    "Next: cd next-bot && pnpm install && pnpm run dev, then pnpm test",
  );
  const plugin = create(["next-plugin", "--template", "plugin", "--yes", "--no-install", "--no-git"], dir);
  expect(plugin.stdout.trimEnd().split("\n").at(-1)).toBe(
    "Next: cd next-plugin && npm install && npm test, then npm run build",
  );
});
