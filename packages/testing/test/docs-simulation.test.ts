import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { guideProject, runNode } from "../../../test-support/run-node.js";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const root = join(packageDir, "../..");
const page = readFileSync(join(root, "docs/simulation.md"), "utf8");

// The page's blocks as a project inside the package; its tsconfig extends the repository's, whose
// decorator settings (legacy decorators and their metadata) the transform reads.
const made = guideProject(packageDir, page, "docs/simulation.md", ["ts"], 120_000);
afterAll(() => made.remove());
writeFileSync(
  join(made.root, "tsconfig.json"),
  JSON.stringify({ extends: "../../../tsconfig.base.json", include: ["src", "test"] }),
);

describe("docs/simulation.md", () => {
  it("holds a bot, its explore test and its model test", () => {
    expect([...made.files.keys()].sort()).toEqual([
      "src/bot.ts",
      "test/explore.test.ts",
      "test/model.test.ts",
    ]);
  });

  it("its explore tests pass under vitest", { timeout: 180_000 }, async () => {
    const vitest = join(root, "node_modules/vitest/vitest.mjs");
    // The page's test draws new scenarios each run; here one seed, so the suite is stable.
    const before = process.env.CHATBOT_EXPLORE_SEED;
    process.env.CHATBOT_EXPLORE_SEED = before ?? "20261129";
    const tests = await runNode(
      [vitest, "run", "--root", made.root, "--config", "vitest.config.mjs"],
      made.root,
    ).finally(() => {
      if (before === undefined) delete process.env.CHATBOT_EXPLORE_SEED;
    });
    expect(tests.output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(tests.code).toBe(0);
  });

  it("shows a failure the way explore prints it", () => {
    const shown = /```text\n(ExplorationFailedError: [\s\S]*?)```/.exec(page)?.[1];
    expect(shown).toMatch(
      /^ExplorationFailedError: explore: each \+1 counted once broke after 2 drawn steps/,
    );
    expect(shown).toContain('replay: explore({ ..., replay: "explore1:');
  });
});
