import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { guideProject, runNode } from "../../../test-support/run-node.js";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const root = join(packageDir, "../..");
const guide = readFileSync(join(root, "docs/framework.md"), "utf8");

// The guide's files as a project inside the package, so the workspace packages resolve.
const made = guideProject(packageDir, guide, "docs/framework.md", ["ts"]);
const project = made.root;
const written = made.files;
afterAll(() => made.remove());
// tsc builds the bot from the packages' built types (no `source` condition), as a bot project would.
writeFileSync(
  join(project, "tsconfig.json"),
  JSON.stringify({
    extends: "../../../tsconfig.base.json",
    compilerOptions: {
      outDir: "dist",
      rootDir: ".",
      declaration: false,
      declarationMap: false,
      lib: ["ES2023", "esnext.disposable"],
    },
    include: ["src", "test"],
  }),
);

describe("docs/framework.md", () => {
  it("holds a bot and its test", () => {
    expect([...written.keys()].sort()).toEqual([
      "src/bot.ts",
      "src/commands/modlog.ts",
      "src/commands/roll.ts",
      "src/commands/warn.ts",
      "src/dice.ts",
      "src/listeners/welcome.ts",
      "test/bot.test.ts",
    ]);
  });

  it("its test passes under vitest", { timeout: 180_000 }, async () => {
    const vitest = join(root, "node_modules/vitest/vitest.mjs");
    const tests = await runNode([vitest, "run", "--root", project, "--config", "vitest.config.mjs"], project);
    expect(tests.output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(tests.code).toBe(0);
  });

  it(
    "builds with tsc, and the built bot gets its services injected under plain node",
    { timeout: 180_000 },
    async () => {
      const tsc = await runNode(
        [join(root, "node_modules/@typescript/native/bin/tsc"), "-p", "tsconfig.json"],
        project,
      );
      expect(tsc.output).toBe("");
      expect(tsc.code).toBe(0);
      // Plain node, the packages' built code: the metadata tsc wrote is all tsyringe has.
      writeFileSync(
        join(project, "smoke.mjs"),
        `import { createTestWorld } from "@chatbot/testing";
import { makeBot } from "./dist/src/bot.js";
const world = await createTestWorld({ people: ["ada"] });
const bot = makeBot({ token: world.token, baseUrl: world.baseUrl, clock: world.clock, logger: "silent" });
await bot.start();
const outcome = await world.people.ada.use(world.channels.general, "/roll", { sides: 6 });
await outcome.answered();
console.log(outcome.answer.content);
await bot.stop();
await world.close();
`,
      );
      const smoke = await runNode(["smoke.mjs"], project);
      expect(smoke.output).toMatch(/^ada rolled [1-6] \(d6\)\n$/);
      expect(smoke.code).toBe(0);
    },
  );
});
