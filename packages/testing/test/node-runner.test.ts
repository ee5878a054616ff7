import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runNode } from "../../../test-support/run-node.js";

const packageDir = fileURLToPath(new URL("../", import.meta.url));

/**
 * Runs `node --test file` on the package's sources (TypeScript hooks), with the TAP reporter that
 * Node 20 and 22 use by default off a terminal (Node 23 and later default to `spec`).
 */
function nodeTest(file: string) {
  return runNode(
    ["--conditions=source", "--import", "./test/node/register.mjs", "--test", "--test-reporter=tap", file],
    packageDir,
    150_000,
  );
}

describe("under node:test", () => {
  it(
    "runs a raw ws bot's and an SDK bot's tests with no vitest in the process",
    { timeout: 160_000 },
    async () => {
      const { code, output } = await nodeTest("test/node/bots.node-test.mjs");
      expect(output).toContain("# pass 4");
      expect(output).toContain("# fail 0");
      expect(code).toBe(0);
    },
  );
});
