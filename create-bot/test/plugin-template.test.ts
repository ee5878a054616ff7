import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { create, inProject, LINE_WARNING, npmInstall, projectTsc, REPO } from "./generated-project.js";

const dir = mkdtempSync(join(tmpdir(), "create-chat-bot-plugin-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(
  "makes a publishable plugin package with --local, which installs, type-checks, passes its tests and packs",
  { timeout: 240_000 },
  () => {
    const name = "chatbot-plugin-faq";
    const made = create(
      [name, "--template", "plugin", "--yes", "--no-install", "--no-git", "--local", REPO],
      dir,
    );
    expect(made.stderr).toBe(LINE_WARNING);
    expect(made.stdout).toMatch(new RegExp(`^created ${name} from the plugin template in \\d+ ms\n`));
    // A package, not a bot: none of the bot's shared files, and nothing to run but its tests.
    expect(made.stdout).toMatch(
      new RegExp(`\nNext: cd ${name} && npm install && npm test, then npm run build\n$`),
    );
    const project = join(dir, name);
    for (const file of ["src/main.ts", ".env.example", "template.json"]) {
      expect(existsSync(join(project, file)), file).toBe(false);
    }
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
    expect(manifest.private).toBeUndefined();
    expect(manifest.peerDependencies).toEqual({ "@chatbot/framework": "^0.1.0" });
    expect(manifest.devDependencies["@chatbot/framework"]).toBe(`file:${join(REPO, "packages/framework")}`);
    expect(manifest.exports["."]).toEqual({ types: "./dist/index.d.ts", default: "./dist/index.js" });
    expect(readFileSync(join(project, "src/plugin-name.ts"), "utf8")).toContain(`"${name}"`);

    const install = npmInstall(project);
    expect(install.status, install.output).toBe(0);
    // On the TypeScript 7 of every template (the native compiler), its check and its build.
    expect(manifest.devDependencies.typescript).toBe("^7.0.2");
    const compiler = JSON.parse(readFileSync(join(project, "node_modules/typescript/package.json"), "utf8"));
    expect(compiler.version).toMatch(/^7\./);
    const typecheck = projectTsc(project, "tsconfig.json");
    expect(typecheck.output).toBe("");
    const build = projectTsc(project, "tsconfig.build.json");
    expect(build.output).toBe("");
    const tests = inProject(project, process.execPath, ["node_modules/vitest/vitest.mjs", "run"]);
    expect(tests.output).toMatch(/Tests\s+4 passed/);
    expect(tests.status, tests.output).toBe(0);

    // What npm publish would publish: built first (prepack), the code, its type declarations,
    // its source maps and the sources they point at; not its tests.
    const packed = spawnSync("npm", ["pack", "--json", "--pack-destination", dir], {
      cwd: project,
      encoding: "utf8",
    });
    expect(packed.status, packed.stderr).toBe(0);
    // The prepack script's own lines come before the JSON on stdout.
    const listed = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("\n[") + 1)) as [
      { filename: string; files: { path: string }[] },
    ];
    const files = listed[0].files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        "dist/index.js",
        "dist/index.d.ts",
        "dist/plugin.js",
        "dist/faq-book.js.map",
        "src/faq-book.ts",
        "package.json",
      ]),
    );
    expect(files.filter((f) => f.startsWith("test/"))).toEqual([]);

    // The package as a bot installs it, unpacked into a node_modules folder: an error thrown in
    // its code shows, under --enable-source-maps, the line of its TypeScript source, which the
    // package holds (`src` in its `files`).
    const installed = join(project, "node_modules", name);
    mkdirSync(installed);
    const unpacked = inProject(project, "tar", [
      "-xzf",
      join(dir, listed[0].filename),
      "-C",
      installed,
      "--strip-components=1",
    ]);
    expect(unpacked.status, unpacked.output).toBe(0);
    const thrown = inProject(project, process.execPath, [
      "--enable-source-maps",
      "--input-type=module",
      "-e",
      `const { FaqBook } = await import(${JSON.stringify(join(installed, "dist/index.js"))}); new FaqBook(null).topics;`,
    ]);
    expect(thrown.status).toBe(1);
    const frame = new RegExp(
      `at FaqBook\\.get topics \\((${installed}/src/faq-book\\.ts):(\\d+):\\d+\\)`,
    ).exec(thrown.output);
    expect(frame, thrown.output).not.toBeNull();
    const line = readFileSync(frame![1]!, "utf8").split("\n")[Number(frame![2]) - 1];
    expect(line).toContain("this.settings.answers");

    // The README's block, as a bot module, imports the built package by its name and makes a bot
    // that asks for the intents the plugin needs, under plain node.
    const readme = readFileSync(join(project, "README.md"), "utf8");
    const block = /```ts\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(block).toContain(`from "${name}"`);
    writeFileSync(join(project, "readme-bot.mjs"), block);
    const imported = inProject(project, process.execPath, [
      "--input-type=module",
      "-e",
      'const { intentsOfBot } = await import("@chatbot/framework"); const bot = (await import("./readme-bot.mjs")).default; console.log(intentsOfBot(bot).join());',
    ]);
    expect(imported.output).toBe("guild_expressions,guild_messages,guilds,message_content\n");
  },
);
