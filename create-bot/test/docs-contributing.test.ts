import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { afterAll, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const page = readFileSync(join(REPO, "docs/contributing.md"), "utf8");
const scratch = mkdtempSync(join(tmpdir(), "getting-started-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("docs/contributing.md: the clone's block makes, installs and tests a project with --local, as written", () => {
  const block = /```sh\n(REPO=\$PWD[\s\S]*?)```/.exec(page)?.[1];
  expect(block).toBeDefined();
  // Run from the clone's folder, as the page says; mktemp's folder lands in this test's scratch.
  const run = spawnSync("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", block!], {
    cwd: REPO,
    encoding: "utf8",
    timeout: 200_000,
    env: { ...process.env, TMPDIR: scratch },
  });
  const output = stripVTControlCharacters(`${run.stdout}${run.stderr}`);
  expect(output).toMatch(/created my-bot from the basic template in \d+ ms/);
  expect(output).toMatch(/Tests\s+4 passed/);
  expect(run.status, output).toBe(0);
});
