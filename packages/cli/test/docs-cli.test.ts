import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, type ServerProcess, startReadyProcess } from "./run-cli.js";

const page = (name: string) => readFileSync(join(REPO_ROOT, "docs", name), "utf8");

/** The `lang` blocks of a docs page. */
const blocks = (text: string, lang: string) =>
  [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);

/** The first line of a `sh` block of `text` that contains `part`, its comment cut off. */
function commandLine(text: string, part: string): string {
  const line = blocks(text, "sh")
    .flatMap((b) => b.split("\n"))
    .find((l) => l.includes(part));
  if (!line) throw new Error(`no sh line with ${part}`);
  return line.replace(/\s+#.*$/, "").trim();
}

/** The first `text` block of `text` whose first line starts with `first`. */
function textBlock(text: string, first: string): string {
  const found = blocks(text, "text").find((b) => b.startsWith(first));
  if (!found) throw new Error(`no text block starting with ${first}`);
  return found;
}

/** What a command wrote to standard error, without npm's own warnings about the machine's config. */
const withoutNpmWarnings = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => !line.startsWith("npm warn "))
    .join("\n");

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A new folder as a fresh clone has it: no `.data/`, the demo world at `examples/worlds/`. It lies
 * inside the repository (under node_modules/.cache), so that `npx chatbot` finds the binary there.
 */
function freshFolder(): string {
  const cache = join(REPO_ROOT, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, "docs-cli-"));
  dirs.push(dir);
  mkdirSync(join(dir, "examples/worlds"), { recursive: true });
  copyFileSync(join(REPO_ROOT, "examples/worlds/demo.json"), join(dir, "examples/worlds/demo.json"));
  return dir;
}

/** Runs a `npx chatbot server …` line as written, on a free port, until its ready line. */
async function startLine(line: string, cwd: string): Promise<ServerProcess> {
  const [command, ...args] = line.split(/\s+/);
  const server = await startReadyProcess(command!, [...args, "--port", "0"], cwd, 30_000);
  servers.push(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill("SIGTERM");
  await server.exited;
}

describe("docs: the --data examples run as written from a fresh folder", () => {
  it.each([
    ["cli.md", "--data .data/world.db --seed"],
    ["reference-server.md", "--data .data/world.db"],
  ])(
    "%s: %s",
    async (name, part) => {
      const dir = freshFolder();
      const line = commandLine(page(name), part);
      expect(line).toMatch(/^npx chatbot server /);
      const server = await startLine(line, dir);
      expect(existsSync(join(dir, ".data/world.db"))).toBe(true);
      const clock = await fetch(`${server.baseUrl}/dev/v1/clock`);
      expect(clock.status).toBe(200);
      await stop(server);
    },
    60_000,
  );

  it("cli.md: run again, the stored world wins and the server says what the page shows", async () => {
    const text = page("cli.md");
    const dir = freshFolder();
    const line = commandLine(text, "--data .data/world.db --seed");
    const first = await startLine(line, dir);
    await stop(first);
    const second = await startLine(line, dir);
    expect(withoutNpmWarnings(second.stderr())).toBe(textBlock(text, "chatbot server: kept the world"));
    await stop(second);
  }, 60_000);
});

describe("docs: the error examples show the real output", () => {
  it("cli.md: --port abc", () => {
    const [command, ...expected] = textBlock(page("cli.md"), "$ npx chatbot server --port abc").split("\n");
    const run = spawnSync("bash", ["--norc", "--noprofile", "-c", command!.slice(2)], {
      cwd: freshFolder(),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(withoutNpmWarnings(run.stderr)).toBe(expected.join("\n"));
    expect(run.status).toBe(2);
  }, 60_000);

  it("reference-server.md: a bad seed", () => {
    const text = page("reference-server.md");
    const script = blocks(text, "sh").find((b) => b.startsWith("cat > world.json"));
    expect(script).toBeDefined();
    const run = spawnSync("bash", ["--norc", "--noprofile", "-c", script!], {
      cwd: freshFolder(),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(withoutNpmWarnings(run.stderr)).toBe(textBlock(text, "chatbot server: seed file world.json"));
    expect(run.stdout).toBe("");
    expect(run.status).toBe(1);
  }, 60_000);
});
