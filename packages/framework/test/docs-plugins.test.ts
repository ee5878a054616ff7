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
