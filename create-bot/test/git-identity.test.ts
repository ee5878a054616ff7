import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { BIN, REPO } from "./generated-project.js";

const dir = mkdtempSync(join(tmpdir(), "create-chat-bot-git-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Makes a project with its first commit as a user whose home is `home`: git reads only that
 * home's configuration (no system one, no identity from the environment).
 */
function firstCommitAuthor(name: string, home: string): string {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(GIT_|EMAIL$)/.test(key)),
  ) as NodeJS.ProcessEnv;
  Object.assign(env, { HOME: home, XDG_CONFIG_HOME: join(home, ".config"), GIT_CONFIG_NOSYSTEM: "1" });
  const made = spawnSync(process.execPath, [BIN, name, "--yes", "--no-install", "--local", REPO], {
    cwd: dir,
    env,
    encoding: "utf8",
  });
  expect(made.status, made.stderr).toBe(0);
  const log = spawnSync("git", ["log", "--format=%an <%ae>|%cn <%ce>|%s"], {
    cwd: join(dir, name),
    env,
    encoding: "utf8",
  });
  expect(log.status, log.stderr).toBe(0);
  return log.stdout.trim();
}

it("makes the first commit as the user when git knows who they are", () => {
  const home = join(dir, "home-ada");
  mkdirSync(home);
  writeFileSync(join(home, ".gitconfig"), "[user]\n\tname = Ada Lovelace\n\temail = ada@example.com\n");
  expect(firstCommitAuthor("ada-bot", home)).toBe(
    "Ada Lovelace <ada@example.com>|Ada Lovelace <ada@example.com>|A new bot from create-chat-bot",
  );
});

it("makes it as create-chat-bot only when git has no identity", () => {
  const home = join(dir, "home-nobody");
  mkdirSync(home);
  expect(firstCommitAuthor("nobody-bot", home)).toBe(
    "create-chat-bot <create-chat-bot@localhost>|create-chat-bot <create-chat-bot@localhost>|A new bot from create-chat-bot",
  );
});
