import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { guideProject, runNode } from "../../../test-support/run-node.js";
import { createTestWorld, WaitTimeoutError } from "../src/index.js";
import { startRawBot } from "./support/raw-bot.js";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const root = join(packageDir, "../..");
const guide = readFileSync(join(root, "docs/testing.md"), "utf8");

// A project made of the guide's files, inside the package so `@chatbot/testing`, `vitest` and `ws`
// resolve from the workspace; the packages are read from their sources (the `source` condition).
const made = guideProject(packageDir, guide, "docs/testing.md", ["ts", "js"]);
const project = made.root;
const written = made.files;
afterAll(() => made.remove());
writeFileSync(
  join(project, "tsconfig.json"),
  JSON.stringify({
    extends: "../../../tsconfig.base.json",
    compilerOptions: { noEmit: true, customConditions: ["source"], lib: ["ES2023", "esnext.disposable"] },
    include: ["src", "test"],
  }),
);

describe("docs/testing.md", () => {
  it("holds the bot and its test file", () => {
    expect([...written.keys()].sort()).toEqual([
      "src/bot.ts",
      "test/bot.test.ts",
      "test/world.node-test.mjs",
    ]);
  });

  it("its test file passes under vitest, and its TypeScript type-checks", { timeout: 180_000 }, async () => {
    const vitest = join(root, "node_modules/vitest/vitest.mjs");
    const tests = await runNode([vitest, "run", "--root", project, "--config", "vitest.config.mjs"], project);
    expect(tests.output).toMatch(/Tests\s+4 passed \(4\)/);
    expect(tests.code).toBe(0);
    const tsc = await runNode(
      [join(root, "node_modules/@typescript/native/bin/tsc"), "-p", "tsconfig.json"],
      project,
    );
    expect(tsc.output).toBe("");
    expect(tsc.code).toBe(0);
  });

  it("its node:test file passes under node --test", { timeout: 180_000 }, async () => {
    const register = join(packageDir, "test/node/register.mjs");
    // TAP, which Node 20 and 22 print off a terminal and Node 23 and later only when asked.
    const result = await runNode(
      [
        "--conditions=source",
        "--import",
        register,
        "--test",
        "--test-reporter=tap",
        "test/world.node-test.mjs",
      ],
      project,
    );
    expect(result.output).toContain("# pass 1");
    expect(result.code).toBe(0);
  });

  it("shows a failed wait as it reads", async () => {
    const shown = /```\n(WaitTimeoutError: [\s\S]*?)```/.exec(guide)?.[1];
    expect(shown).toBeDefined();
    await using world = await createTestWorld({ people: ["ada"] });
    await startRawBot(world, {
      onMessage: async (m, bot) => {
        if (m.content === "!ping")
          await bot.rest("POST", `/v1/channels/${m.channel_id}/messages`, { content: "Pong!" });
      },
    });
    await world.app.connected();
    const waiting = world.nextMessage(world.channels.general, { from: world.app, matching: /pong/ });
    await world.people.ada.say(world.channels.general, "!ping");
    const error = (await waiting.catch((e: unknown) => e)) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(`${error.name}: ${error.message}\n`).toBe(shown);
  });
});
