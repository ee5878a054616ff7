import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { afterAll, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const PACKAGES = ["protocol", "server", "rest", "gateway", "framework", "testing", "cli"];
const dir = mkdtempSync(join(tmpdir(), "create-packed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(command: string, args: readonly string[], cwd: string) {
  const done = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 300_000 });
  return { status: done.status, output: stripVTControlCharacters(`${done.stdout}${done.stderr}`) };
}

// What a published release would give a user: the packages as `npm pack` makes them, the generator
// run from its own tarball (its templates inside it), and a project that gets every @chatbot
// package from those tarballs (the dependencies among them too, as a registry would serve them).
it("a project generated and installed from npm pack tarballs alone type-checks and passes its tests", () => {
  const packs = join(dir, "packs");
  mkdirSync(packs);
  for (const name of [...PACKAGES.map((p) => `@chatbot/${p}`), "create-chat-bot"]) {
    execFileSync("npm", ["pack", "-w", name, "--pack-destination", packs], { cwd: REPO, stdio: "ignore" });
  }
  expect(existsSync(join(REPO, "create-bot", "templates")), "postpack removes the copied templates").toBe(
    false,
  );
  const tarball = (name: string) => join(packs, `${name}-0.1.0.tgz`);

  execFileSync("tar", ["xzf", tarball("create-chat-bot")], { cwd: dir });
  const generator = join(dir, "package");
  expect(existsSync(join(generator, "templates", "basic", "src", "bot.ts"))).toBe(true);
  const deps = run(
    "npm",
    ["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"],
    generator,
  );
  expect(deps.status, deps.output).toBe(0);
  const made = run(
    process.execPath,
    [join(generator, "bin", "create-chat-bot.js"), "packed-bot", "--yes", "--no-install", "--no-git"],
    dir,
  );
  expect(made.output).toMatch(/created packed-bot from the basic template/);

  const project = join(dir, "packed-bot");
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
  expect(manifest.dependencies["@chatbot/framework"]).toBe("^0.1.0");
  const fromPack = (p: string) => `file:${tarball(`chatbot-${p}`)}`;
  manifest.dependencies["@chatbot/framework"] = fromPack("framework");
  manifest.devDependencies["@chatbot/cli"] = fromPack("cli");
  manifest.devDependencies["@chatbot/testing"] = fromPack("testing");
  manifest.overrides = Object.fromEntries(PACKAGES.map((p) => [`@chatbot/${p}`, fromPack(p)]));
  writeFileSync(join(project, "package.json"), JSON.stringify(manifest, null, 2));

  // better-sqlite3 (the reference server's durable store) builds from source: allowScripts lets it.
  const install = run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], project);
  expect(install.status, install.output).toBe(0);
  expect(
    existsSync(join(project, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node")),
  ).toBe(true);
  const typecheck = run(
    process.execPath,
    ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"],
    project,
  );
  expect(typecheck.output).toBe("");
  const tests = run(process.execPath, ["node_modules/vitest/vitest.mjs", "run"], project);
  expect(tests.output).toMatch(/Tests\s+3 passed/);
});
