import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runNode } from "../../../test-support/run-node.js";
import { decoratedGuideProject, REPO_ROOT as root } from "./guide-project.js";

const made = decoratedGuideProject("docs/plugins.md", { noEmit: true, lib: ["ES2023", "esnext.disposable"] });

describe("docs/plugins.md", () => {
  it("holds a bot with two plugins, one written on the page, and its test", () => {
    expect([...made.files.keys()].sort()).toEqual([
      "src/bot.ts",
      "src/commands/compare.ts",
      "src/thanks/karma-command.ts",
      "src/thanks/karma.ts",
      "src/thanks/plugin.ts",
      "src/thanks/thanks-listener.ts",
      "src/thanks/thanks-settings.ts",
      "test/thanks.test.ts",
    ]);
  });

  it("imports only the packages a new project has, and those the page says to install", () => {
    // What create-chat-bot writes: the shared manifest's dependencies (the template's own packages
    // of this repository are @chatbot/<name>: the page's bot uses the moderation template's).
    const manifest = readFileSync(join(root, "templates/_shared/package.json.hbs"), "utf8");
    const blocks = [...manifest.matchAll(/"(?:dependencies|devDependencies)": \{([\s\S]*?)\n\s*\}/g)];
    const has = new Set(
      blocks.flatMap(([, block]) => [...block!.matchAll(/"([^"{][^"]*)":/g)].map(([, name]) => name!)),
    );
    const moderation = JSON.parse(readFileSync(join(root, "templates/moderation/template.json"), "utf8"));
    for (const name of moderation.packages as string[]) has.add(`@chatbot/${name}`);
    const page = readFileSync(join(root, "docs/plugins.md"), "utf8");
    for (const [, names] of page.matchAll(/^npm install ([^\n]+)$/gm))
      for (const name of names!.split(" ")) has.add(name);
    expect(has).toContain("@chatbot/framework");

    const imported = new Set(
      [...made.files.values()].flatMap((text) =>
        [...text.matchAll(/^import\s[^"]*"([^".][^"]*)"/gm)].map(([, spec]) => {
          const parts = spec!.split("/");
          return spec!.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
        }),
      ),
    );
    expect([...imported].filter((name) => !name.startsWith("node:") && !has.has(name))).toEqual([]);
  });

  it("type-checks, and its test passes under vitest", { timeout: 180_000 }, async () => {
    const tsc = await runNode(
      [join(root, "node_modules/@typescript/native/bin/tsc"), "-p", "tsconfig.json"],
      made.root,
    );
    expect(tsc.output).toBe("");
    const vitest = join(root, "node_modules/vitest/vitest.mjs");
    const tests = await runNode(
      [vitest, "run", "--root", made.root, "--config", "vitest.config.mjs"],
      made.root,
    );
    expect(tests.output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(tests.code).toBe(0);
  });
});
