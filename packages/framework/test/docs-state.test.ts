import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { guideProject, runNode } from "../../../test-support/run-node.js";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const root = join(packageDir, "../..");
const guide = readFileSync(join(root, "docs/state.md"), "utf8");
const made = guideProject(packageDir, guide, "docs/state.md", ["ts"]);
afterAll(() => made.remove());
// Vite's transform reads the decorator settings (legacy decorators, metadata) from tsconfig.json.
writeFileSync(
  join(made.root, "tsconfig.json"),
  JSON.stringify({ extends: "../../../tsconfig.base.json", include: ["src", "test"] }),
);

describe("docs/state.md", () => {
  it("holds a poll bot and its test", () => {
    expect([...made.files.keys()].sort()).toEqual(["src/bot.ts", "src/polls.ts", "test/polls.test.ts"]);
  });

  it("its test passes under vitest", { timeout: 180_000 }, async () => {
    const vitest = join(root, "node_modules/vitest/vitest.mjs");
    const tests = await runNode(
      [vitest, "run", "--root", made.root, "--config", "vitest.config.mjs"],
      made.root,
    );
    expect(tests.output).toMatch(/Tests\s+1 passed \(1\)/);
    expect(tests.code).toBe(0);
  });
});
