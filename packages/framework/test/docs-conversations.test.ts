import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { guideProject, runNode } from "../../../test-support/run-node.js";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const root = join(packageDir, "../..");
const guide = readFileSync(join(root, "docs/conversations.md"), "utf8");
const made = guideProject(packageDir, guide, "docs/conversations.md", ["ts"]);
afterAll(() => made.remove());
// Vite's transform reads the decorator settings (legacy decorators, metadata) from tsconfig.json.
writeFileSync(
  join(made.root, "tsconfig.json"),
  JSON.stringify({ extends: "../../../tsconfig.base.json", include: ["src", "test"] }),
);

describe("docs/conversations.md", () => {
  it("holds a report bot and its tests", () => {
    expect([...made.files.keys()].sort()).toEqual(["src/bot.ts", "src/report.ts", "test/report.test.ts"]);
  });

  it("its test passes under vitest", { timeout: 180_000 }, async () => {
    const vitest = join(root, "node_modules/vitest/vitest.mjs");
    const tests = await runNode(
      [vitest, "run", "--root", made.root, "--config", "vitest.config.mjs"],
      made.root,
    );
    expect(tests.output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(tests.code).toBe(0);
  });
});
