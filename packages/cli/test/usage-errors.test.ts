import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, runCli } from "./run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "cli-usage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SERVER_HINT = "Run `chatbot server --help` to see the flags.";

describe("chatbot's usage errors: the error first, then one hint, no help", () => {
  it.each([
    [["--port", "abc"], "--port must be a whole number from 0 to 65535, got abc"],
    [["--port", "70000"], "--port must be a whole number from 0 to 65535, got 70000"],
    [["--port", "1", "--port", "2"], "--port is given 2 times; give it once"],
    [
      ["--heartbeat-interval", "0"],
      "--heartbeat-interval must be a whole number of milliseconds from 1 to 3600000, got 0",
    ],
    [["--seed"], "--seed needs a value"],
    [["--seed="], "--seed needs a file path, got an empty value"],
    [["--data"], "--data needs a value"],
    [["--dev-key="], "--dev-key needs a key, got an empty value"],
    [["--host="], "--host needs an address, got an empty value"],
    [["--bogus"], "Unknown argument: bogus"],
    [
      ["--reseed", "--data", "x.db"],
      "--reseed needs --seed (the world to load) and --data (the store whose world it replaces)",
    ],
  ])("chatbot server %j", (args, message) => {
    const run = runCli(["server", ...args], dir);
    expect(run.stderr).toBe(`chatbot server: ${message}\n${SERVER_HINT}\n`);
    expect(run.stdout).toBe("");
    expect(run.status).toBe(2);
  });

  it("a seed file that does not exist is named, with the path looked for", () => {
    const run = runCli(["server", "--seed", "nowhere/world.json"], dir);
    expect(run.lines[0]).toBe(
      `chatbot server: --seed nowhere/world.json: the file does not exist (looked for ${resolve(dir, "nowhere/world.json")})`,
    );
    expect(run.lines[1]).toBe(SERVER_HINT);
    expect(run.status).toBe(2);
  });

  it("a folder given as the seed is refused as a folder", () => {
    const run = runCli(["server", "--seed", "."], dir);
    expect(run.lines[0]).toBe(`chatbot server: --seed .: ${dir} is a folder, not a file`);
    expect(run.status).toBe(2);
  });

  it("no command names the command to give", () => {
    const run = runCli([], dir);
    expect(run.stderr).toBe(
      "chatbot: name a command: chatbot dev, chatbot server or chatbot sync\nRun `chatbot --help` to see the commands.\n",
    );
    expect(run.status).toBe(2);
  });

  it("--version prints the package's version", () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "packages/cli/package.json"), "utf8")) as {
      version: string;
    };
    const run = runCli(["--version"], dir);
    expect(run.stdout).toBe(`${manifest.version}\n`);
    expect(run.status).toBe(0);
  });

  it("a seed with an unknown key is refused, naming the file and the key", () => {
    const seed = join(dir, "userz.json");
    writeFileSync(seed, JSON.stringify({ userz: [] }));
    // Were the key ignored, the server would start and run: it is stopped after 8 s.
    const run = runCli(["server", "--port", "0", "--seed", seed], dir, 8_000);
    expect(run.stdout).toBe("");
    expect(run.lines[0]).toContain(`chatbot server: seed file ${seed} is invalid: `);
    expect(run.lines[0]).toContain("userz");
    expect(run.status).toBe(1);
  });
});
