import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestWorld } from "@chatbot/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { guideProject, runNode } from "../../../test-support/run-node.js";
import { startRedisServer } from "../src/testing/index.js";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const root = join(packageDir, "../..");
const guide = readFileSync(join(root, "docs/scaling.md"), "utf8");

// A bot project made of the page's files, inside the package so that its imports resolve from the
// workspace: the tests read the packages' sources, the built bot their compiled `dist/`.
const made = guideProject(packageDir, guide, "docs/scaling.md", ["ts"], 30_000);
const project = made.root;
const written = made.files;
afterAll(() => made.remove());
const tsconfig = {
  extends: "../../../tsconfig.base.json",
  compilerOptions: { customConditions: ["source"], lib: ["ES2023", "esnext.disposable"] },
};
writeFileSync(
  join(project, "tsconfig.json"),
  JSON.stringify({
    ...tsconfig,
    compilerOptions: { ...tsconfig.compilerOptions, noEmit: true },
    include: ["src", "test"],
  }),
);
// `npm run build` of a bot project: src/ into dist/, against the packages as published (dist/).
writeFileSync(
  join(project, "tsconfig.build.json"),
  JSON.stringify({
    extends: "../../../tsconfig.base.json",
    compilerOptions: { rootDir: "src", outDir: "dist", declaration: false, declarationMap: false },
    include: ["src"],
  }),
);

const tsc = (config: string) =>
  runNode([join(root, "node_modules/@typescript/native/bin/tsc"), "-p", config], project);

describe("docs/scaling.md", () => {
  it("holds the bot and its cluster test", () => {
    expect([...written.keys()].sort()).toEqual(["src/bot.ts", "test/cluster.test.ts"]);
  });

  it("its test passes under vitest, and its TypeScript type-checks", { timeout: 180_000 }, async () => {
    const vitest = join(root, "node_modules/vitest/vitest.mjs");
    const tests = await runNode([vitest, "run", "--root", project, "--config", "vitest.config.mjs"], project);
    expect(tests.output).toMatch(/Tests\s+1 passed \(1\)/);
    expect(tests.code).toBe(0);
    const checked = await tsc("tsconfig.json");
    expect(checked.output).toBe("");
    expect(checked.code).toBe(0);
  });

  it(
    "its commands run as written: a gateway and a worker of the built bot",
    { timeout: 120_000 },
    async () => {
      const built = await tsc("tsconfig.build.json");
      expect(built.output).toBe("");
      const commands = /```sh\n([\s\S]*?)```/.exec(guide)![1]!.trim().split("\n");
      expect(commands).toEqual([
        "npx chatbot-cluster dist/bot.js --role gateway",
        "npx chatbot-cluster dist/bot.js --role worker",
      ]);
      await using world = await createTestWorld({ people: ["ada"] });
      const redis = await startRedisServer();
      const client = new Redis(redis.url);
      const children: ChildProcess[] = [];
      try {
        const env = {
          ...process.env,
          REDIS_URL: redis.url,
          CHATBOT_TOKEN: world.token,
          CHATBOT_BASE_URL: world.baseUrl,
          CHATBOT_GATEWAY_URL: world.gatewayUrl,
        };
        for (const command of commands) {
          const child = spawn("sh", ["-c", command], {
            cwd: project,
            env,
            stdio: ["ignore", "pipe", "pipe"],
          });
          children.push(child);
          let output = "";
          child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`${command}: not ready\n${output}`)), 30_000);
            child.stdout!.on("data", (c: Buffer) => {
              output += c.toString();
              if (/ready node=\S+ role=(gateway|worker)/.test(output)) {
                clearTimeout(timer);
                resolve();
              }
            });
            child.once("exit", (code) => reject(new Error(`${command}: exited with ${code}\n${output}`)));
          });
        }
        await world.app.connected();
        await world.people.ada.say(world.channels.general, "hello cluster");
        // The worker read the message's entry and acknowledged it: nothing pending, something read.
        const app = world.app.id;
        await expect
          .poll(async () => {
            const keys = await client.keys(`chatbot:${app}:events:*`);
            let read = 0;
            let pending = 0;
            for (const key of keys.filter((k) => !k.includes(":handled:"))) {
              const [group] = (await client.xinfo("GROUPS", key)) as unknown[][];
              const info = Object.fromEntries(
                Array.from({ length: group!.length / 2 }, (_, i) => [group![2 * i], group![2 * i + 1]]),
              ) as Record<string, number>;
              read += Number(info["entries-read"]);
              pending += Number(info.pending);
            }
            return { atLeastTwoRead: read >= 2, pending };
          })
          .toEqual({ atLeastTwoRead: true, pending: 0 });
      } finally {
        for (const child of children) child.kill("SIGTERM");
        await Promise.all(children.map((c) => new Promise((resolve) => c.once("exit", resolve))));
        client.disconnect();
        await redis.close();
      }
    },
  );

  it("lists every flag the binary takes", async () => {
    const help = await runNode([join(packageDir, "bin/chatbot-cluster.js"), "--help"], project);
    const flags = [...guide.matchAll(/^\| `(--[a-z-]+)` \|/gm)].map((m) => m[1]!);
    expect(flags.length).toBe(10);
    for (const flag of flags) expect(help.output).toContain(flag);
  });
});
