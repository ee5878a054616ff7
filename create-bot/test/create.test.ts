import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  BIN,
  connected,
  create as generate,
  deployCommands,
  inProject,
  LINE_WARNING,
  nodesOnPath,
  npmInstall,
  npmStart,
  projectTsc,
  REPO,
  sessions,
  startServer,
} from "./generated-project.js";

const dir = mkdtempSync(join(tmpdir(), "create-chat-bot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function create(args: readonly string[], cwd = dir) {
  return generate(args, cwd);
}

/**
 * docs/deploying.md, as written in the project: `npm run build`, then `npm start` with its settings
 * in `.env`, against a reference server of the demo world; the bot connects, and SIGTERM stops it
 * gracefully with exit code 0.
 */
async function deployed(project: string): Promise<void> {
  expect(deployCommands()).toEqual(["npm run build", "npm start"]);
  const built = inProject(project, "npm", ["run", "build"]);
  expect(built.status, built.output).toBe(0);
  const server = await startServer();
  try {
    const { baseUrl } = server;
    writeFileSync(join(project, ".env"), `CHATBOT_TOKEN=demo-bot-token\nCHATBOT_BASE_URL=${baseUrl}\n`);
    // npm start, as a process manager runs it: SIGTERM goes to npm's process.
    const bot = npmStart(project);
    await connected(server, bot.output);
    bot.npm.kill("SIGTERM");
    // The start script execs node, so SIGTERM reaches the bot, which stops gracefully: its connection
    // closes with 1000 (not a dropped socket's 1006), and npm ends with the bot's exit code, 0.
    expect(await bot.exited, bot.output()).toBe("0 null");
    expect((await sessions(server))[0]).toMatchObject({ closed_at: expect.any(Number), close_code: 1000 });
    // A refused token ends npm start with the documented code 3, saying why.
    writeFileSync(join(project, ".env"), `CHATBOT_TOKEN=not-the-token\nCHATBOT_BASE_URL=${baseUrl}\n`);
    const refused = inProject(project, "npm", ["start"]);
    expect(refused.status, refused.output).toBe(3);
    expect(refused.output).toMatch(/401.*\(exit code 3\)/);
  } finally {
    server.kill();
  }
}

/**
 * The README of a --local project, as written: @chatbot/cluster is not on the registry, so it is
 * added from the clone's folder, and then imports and runs.
 */
async function addedCluster(project: string): Promise<void> {
  const readme = readFileSync(join(project, "README.md"), "utf8");
  const block = /## Packages of a clone[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block, readme).toBe(`npm install file:${join(REPO, "packages/cluster")}\n`);
  const [npm, ...args] = block!.trim().split(" ");
  const added = inProject(project, npm!, [...args, "--prefer-offline", "--no-audit", "--no-fund"]);
  expect(added.status, added.output).toBe(0);
  const imported = inProject(project, process.execPath, [
    "--input-type=module",
    "-e",
    'const { RedisStore } = await import("@chatbot/cluster"); console.log(typeof RedisStore);',
  ]);
  expect(imported.output).toBe("function\n");
  const help = inProject(project, "node_modules/.bin/chatbot-cluster", ["--help"]);
  expect(help.status, help.output).toBe(0);
}

describe("create-chat-bot", () => {
  it.each([
    ["basic", 4],
    ["moderation", 5],
    ["webhook-relay", 3],
  ])(
    "makes the %s project with --local, which installs, type-checks, builds and passes its own tests",
    async (template, count) => {
      const name = `${template}-bot`;
      const made = create([
        name,
        "--template",
        template,
        "--yes",
        "--no-install",
        "--no-git",
        "--local",
        REPO,
      ]);
      expect(made.stderr).toBe(LINE_WARNING);
      expect(made.stdout).toMatch(new RegExp(`^created ${name} from the ${template} template in \\d+ ms\n`));
      const project = join(dir, name);
      const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
      expect(manifest.chatbot).toEqual({
        generator: "create-chat-bot@0.1.0",
        template,
        packageManager: "npm",
      });
      expect(manifest.scripts).toMatchObject({ dev: "chatbot dev", test: "vitest run" });
      expect(manifest.dependencies["@chatbot/framework"]).toBe(`file:${join(REPO, "packages/framework")}`);
      // The moderation template's mod log is a plugin of this repository, taken from the clone.
      expect(manifest.dependencies["@chatbot/plugin-mod-log"]).toBe(
        template === "moderation" ? `file:${join(REPO, "packages/plugin-mod-log")}` : undefined,
      );
      expect(readFileSync(join(project, ".gitignore"), "utf8")).toContain(".chatbot/");

      const install = npmInstall(project);
      expect(install.status, install.output).toBe(0);
      const typecheck = projectTsc(project, "tsconfig.json");
      expect(typecheck.output).toBe("");
      const build = projectTsc(project, "tsconfig.build.json");
      expect(build.status, build.output).toBe(0);
      const tests = inProject(project, process.execPath, ["node_modules/vitest/vitest.mjs", "run"]);
      expect(tests.output).toMatch(new RegExp(`Tests\\s+${count} passed`));
      expect(tests.status, tests.output).toBe(0);
      // The built bot refuses to start without its environment, naming what is missing.
      const start = inProject(project, process.execPath, ["dist/main.js"]);
      expect(start.output).toContain("set CHATBOT_TOKEN (see .env.example)");
      expect(start.status).toBe(2);
      if (template === "basic") {
        await addedCluster(project);
        await deployed(project);
      }
    },
    240_000,
  );

  it("refuses a bad name, a non-empty folder and an unknown template, naming the rule or the choices", () => {
    const bad = create(["Bad Name", "--yes"]);
    expect(bad.stderr).toBe(
      LINE_WARNING +
        'create-chat-bot: "Bad Name" is not a valid package name: name can only contain URL-friendly characters; name can no longer contain capital letters\n',
    );
    expect(bad.status).toBe(2);

    mkdirSync(join(dir, "taken"));
    writeFileSync(join(dir, "taken", "notes.txt"), "mine");
    const taken = create(["taken", "--yes"]);
    expect(taken.stderr).toBe(
      LINE_WARNING +
        `create-chat-bot: the folder ${join(dir, "taken")} exists and is not empty; pick another name or empty it\n`,
    );
    expect(readFileSync(join(dir, "taken", "notes.txt"), "utf8")).toBe("mine");

    const unknown = create(["fresh-bot", "--template", "nope", "--yes"]);
    expect(unknown.stderr).toBe(
      LINE_WARNING +
        'create-chat-bot: there is no template "nope"; the templates are: basic, moderation, plugin, webhook-relay\n',
    );
    expect(unknown.status).toBe(2);

    const unnamed = create([]);
    expect(unnamed.stderr).toBe(
      LINE_WARNING +
        "create-chat-bot: give the project's name: create-chat-bot <name> (nothing is asked without a terminal)\n",
    );
    const badPm = create(["x-bot", "--pm", "bun"]);
    expect(badPm.stderr).toContain("Invalid values:");
    expect(badPm.stderr).toContain('Given: "bun", Choices: "npm", "pnpm", "yarn"');
    expect(badPm.status).toBe(2);
  });

  // On this Node, every Node on PATH (under test:lines the machine's Node 20 too, which runs only
  // the line-specific files itself) and the LTS lines' builds when test:lines has unpacked them;
  // each once.
  const nodes = [
    ...new Set(
      [
        process.execPath,
        ...nodesOnPath(),
        ...["22", "24"].map((line) => join(REPO, ".node-lines", line, "bin", "node")),
      ]
        .filter((node) => existsSync(node))
        .map((node) => realpathSync(node)),
    ),
  ];
  it.each(nodes)(
    "makes a project that depends on better-sqlite3 only on a Node without node:sqlite (%s)",
    (node) => {
      const version = execFileSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
      const [major = 0, minor = 0] = version.split(".").map(Number);
      const nodeSqlite = major > 22 || (major === 22 && minor >= 13);
      const name = `sqlite-${version.replaceAll(".", "-")}`;
      const made = spawnSync(node, [BIN, name, "--yes", "--no-install", "--no-git", "--local", REPO], {
        cwd: dir,
        encoding: "utf8",
      });
      expect(made.status, made.stderr).toBe(0);
      // With --local the framework is linked from the checkout, and finds the checkout's copy.
      const local = JSON.parse(readFileSync(join(dir, name, "package.json"), "utf8"));
      expect(Object.keys(local.dependencies)).toEqual(["@chatbot/framework"]);
      expect(local.allowScripts).toBeUndefined();
      // From the registry: better-sqlite3, and its install script allowed, only without node:sqlite.
      const published = `${name}-registry`;
      spawnSync(node, [BIN, published, "--yes", "--no-install", "--no-git"], { cwd: dir });
      const manifest = JSON.parse(readFileSync(join(dir, published, "package.json"), "utf8"));
      expect(manifest.dependencies["better-sqlite3"]).toBe(nodeSqlite ? undefined : "^12.11.1");
      expect(manifest.allowScripts).toEqual(nodeSqlite ? undefined : { "better-sqlite3": true });
    },
  );
});
