import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { afterAll, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/create-chat-bot.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "create-pty-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the generator on a pseudo-terminal (util-linux `script`; `exec`, or dash would stay in
 * between without $SHELL), typing `keys` one step at a time, each once `prompt` is on screen.
 */
async function typed(steps: ReadonlyArray<readonly [prompt: RegExp, keys: string]>) {
  // A pty made by script has no size: give it one, or every character wraps onto a line of its own.
  const command = `stty cols 120 rows 40; exec ${process.execPath} ${BIN} --local ${REPO}`;
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd: dir,
    stdio: ["pipe", "pipe", "ignore"],
  });
  let screen = "";
  child.stdout.on("data", (chunk: Buffer) => (screen += stripVTControlCharacters(chunk.toString())));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  for (const [prompt, keys] of steps) {
    for (let waited = 0; !prompt.test(screen); waited += 20) {
      if (waited > 15_000) throw new Error(`${prompt} never showed; screen: ${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    screen = screen.replace(prompt, "");
    // The question is drawn a moment before it listens for keys.
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const key of keys) {
      child.stdin.write(key);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
  return { code: await exited, screen: () => screen };
}

const hasScript = spawnSync("script", ["--version"]).status === 0;

const templateLines = ["basic", "moderation", "plugin", "webhook-relay"].map((name) => {
  const { description } = JSON.parse(readFileSync(join(REPO, "templates", name, "template.json"), "utf8"));
  return `${name} +${(description as string).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`;
});
const menu = new RegExp(`◆ {2}Template[\\s\\S]*${templateLines.join("[\\s\\S]*")}`);

it.skipIf(!hasScript)("asks each question in a terminal, defaults shown, and makes the project", async () => {
  const run = await typed([
    [/◆ {2}Project name/, "pty-bot\r"],
    // Each template with its line, from its template.json.
    [menu, "\r"],
    [/◆ {2}Package manager[\s\S]*npm[\s\S]*pnpm[\s\S]*yarn/, "\r"],
    // ◆ marks the question that waits for an answer (◇ one answered); y or n answers a yes/no
    // question at once.
    [/◆ {2}Install the dependencies\?/, "n"],
    [/◆ {2}Make a git repository\?/, "n"],
  ]);
  expect(run.screen()).toContain("created pty-bot from the basic template");
  expect(run.code).toBe(0);
  const manifest = JSON.parse(readFileSync(join(dir, "pty-bot", "package.json"), "utf8"));
  expect(manifest.chatbot).toEqual({
    generator: "create-chat-bot@0.1.0",
    template: "basic",
    packageManager: "npm",
  });
  expect(existsSync(join(dir, "pty-bot", "node_modules")), run.screen()).toBe(false);
  expect(existsSync(join(dir, "pty-bot", ".git")), run.screen()).toBe(false);
});

it.skipIf(!hasScript)("stops cleanly on Ctrl-C at a question, writing nothing", async () => {
  const run = await typed([
    [/◆ {2}Project name/, "half-bot\r"],
    [/◆ {2}Template/, "\x03"],
  ]);
  expect(run.screen()).toContain("Stopped; nothing was written.");
  expect(run.code).toBe(130);
  expect(existsSync(join(dir, "half-bot"))).toBe(false);
});
