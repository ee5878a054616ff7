import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runNode } from "../../../test-support/run-node.js";
import { decoratedGuideProject, REPO_ROOT as root } from "./guide-project.js";

const made = decoratedGuideProject("docs/conversations.md");

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
