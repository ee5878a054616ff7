import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { create, LINE_WARNING } from "./generated-project.js";

const dir = mkdtempSync(join(tmpdir(), "create-chat-bot-local-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the generator in a fresh folder of its own, and answers what it wrote there too. */
function createIn(args: readonly string[]) {
  const cwd = mkdtempSync(join(dir, "run-"));
  const run = create(args, cwd);
  return { ...run, written: readdirSync(cwd) };
}

it("refuses --local with a folder that does not exist, naming the flag and the path, and writes nothing", () => {
  const made = createIn(["my-bot", "--yes", "--local", "/nonexistent"]);
  expect(made.stderr).toBe(
    `${LINE_WARNING}create-chat-bot: --local /nonexistent: there is no such folder; give the folder of a clone of the chatbot repository\n`,
  );
  expect(made.status).toBe(2);
  expect(made.written).toEqual([]);
});

it("refuses --local with a folder that is not a clone holding the template's packages, naming what is missing", () => {
  const elsewhere = mkdtempSync(join(dir, "elsewhere-"));
  const made = createIn(["my-bot", "--yes", "--local", elsewhere]);
  expect(made.stderr).toBe(
    `${LINE_WARNING}create-chat-bot: --local ${elsewhere} is not a clone of the chatbot repository with the packages this template needs: no packages/framework/package.json of @chatbot/framework, no packages/testing/package.json of @chatbot/testing\n`,
  );
  expect(made.status).toBe(2);
  expect(made.written).toEqual([]);

  // A clone never installed nor built: what `npm ci` would make is named.
  const clone = mkdtempSync(join(dir, "clone-"));
  const write = (file: string, name: string) => {
    mkdirSync(join(clone, file, ".."), { recursive: true });
    writeFileSync(join(clone, file), JSON.stringify({ name }));
  };
  for (const pkg of ["framework", "testing", "cli"]) write(`packages/${pkg}/package.json`, `@chatbot/${pkg}`);
  const unbuilt = createIn(["my-bot", "--yes", "--local", clone]);
  expect(unbuilt.stderr).toBe(
    `${LINE_WARNING}create-chat-bot: --local ${clone}: the clone is not installed and built (no packages/framework/dist, no packages/testing/dist, no node_modules/vitest, no node_modules/vite); run \`npm ci\` in it\n`,
  );
  expect(unbuilt.status).toBe(2);
  expect(unbuilt.written).toEqual([]);

  // Installed and built, but without the package of the moderation template's mod log.
  for (const pkg of ["framework", "testing", "cli"]) mkdirSync(join(clone, "packages", pkg, "dist"));
  for (const tool of ["vitest", "vite"]) write(`node_modules/${tool}/package.json`, tool);
  const moderation = createIn(["mod-bot", "--template", "moderation", "--yes", "--local", clone]);
  expect(moderation.stderr).toBe(
    `${LINE_WARNING}create-chat-bot: --local ${clone} is not a clone of the chatbot repository with the packages this template needs: no packages/plugin-mod-log/package.json of @chatbot/plugin-mod-log\n`,
  );
  expect(moderation.status).toBe(2);
  expect(moderation.written).toEqual([]);
});
