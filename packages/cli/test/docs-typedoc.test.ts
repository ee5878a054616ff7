// The API reference's TypeDoc settings (docs/.vitepress/typedoc.config.mjs), run on small scratch
// packages: a warning fails `npm run docs:api` (so `docs:build`), and the fields of a type valibot
// infers, whose one declaration TypeScript gives twice, do not warn (typedoc-unique-declarations.mjs).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./doc-blocks.js";

// Inside the repository (git-ignored), so that `valibot` and `typedoc` resolve from its node_modules.
mkdirSync(join(REPO_ROOT, ".vitest"), { recursive: true });
const scratch = mkdtempSync(join(REPO_ROOT, ".vitest/typedoc-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Runs TypeDoc with the site's options on `source` as the only entry point; answers its exit code
 * and output. The runs of the tests go side by side (each spends most of its time loading).
 */
function typedoc(
  name: string,
  source: string,
  options: { withoutPlugin?: string } = {},
): Promise<{ status: number | null; output: string }> {
  const dir = join(scratch, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(join(dir, "index.ts"), source);
  const compilerOptions = {
    strict: true,
    module: "nodenext",
    target: "es2022",
    noEmit: true,
    skipLibCheck: true,
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["index.ts"] }));
  const config = JSON.stringify(join(REPO_ROOT, "docs/.vitepress/typedoc.config.mjs"));
  const left = JSON.stringify(options.withoutPlugin ?? null);
  writeFileSync(
    join(dir, "typedoc.mjs"),
    `import config from ${config};
const dir = ${JSON.stringify(dir)};
export default {
  ...config,
  entryPoints: [dir + "/index.ts"],
  tsconfig: dir + "/tsconfig.json",
  out: dir + "/api",
  docsRoot: dir,
  plugin: config.plugin.filter((plugin) => !plugin.endsWith(${left})),
};
`,
  );
  const child = spawn("npx", ["typedoc", "--options", join(dir, "typedoc.mjs")], { cwd: REPO_ROOT });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    // eslint-disable-next-line no-control-regex
    child.on("close", (status) => resolve({ status, output: output.replace(/\x1b\[[0-9;]*m/g, "") })),
  );
}

const WIRE_TYPE = `import * as v from "valibot";
/** A user. */
export const UserSchema = v.object({
  id: v.string(),
  /** Display name. */
  name: v.string(),
});
/** A user object. */
export type User = v.InferOutput<typeof UserSchema>;
/** What the bot learns at start. */
export interface Ready {
  /** The bot's user. */
  readonly user: User;
}
`;

const runs = {
  wire: typedoc("wire", WIRE_TYPE),
  bare: typedoc("wire-bare", WIRE_TYPE, { withoutPlugin: "typedoc-unique-declarations.mjs" }),
  link: typedoc(
    "link",
    `class Hidden {}
/** Made from a {@link Hidden}. */
export const made = new Hidden();
`,
  ),
};

describe("the API reference's TypeDoc settings", () => {
  it("a documented field of a type valibot infers gives no warning", async () => {
    const run = await runs.wire;
    expect(run.output).not.toContain("warning");
    expect(run.status).toBe(0);
  }, 180_000);

  it("the same without typedoc-unique-declarations.mjs warns, and the warning fails the run", async () => {
    const run = await runs.bare;
    expect(run.output).toContain("name has multiple declarations with a comment");
    expect(run.status).not.toBe(0);
  }, 180_000);

  it("a link to a name the package does not export fails the run, naming it", async () => {
    const run = await runs.link;
    expect(run.output).toMatch(/made links to "Hidden" which was resolved but is not included/);
    expect(run.status).not.toBe(0);
  }, 180_000);
});
