import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT } from "../../test-support/registry.mjs";

// The API report check itself (scripts/api-report.mjs, npm run lint:api), on a scratch copy of one
// published package: its built declarations, its checked-in reports and the shared configuration.
// A changed signature fails the check, naming the package, the report and the command that updates
// it; after the update the check passes and the report holds the new signature.

const dir = mkdtempSync(join(tmpdir(), "api-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KIT = join(dir, "packages/kit");
const report = (args: string[] = []) =>
  spawnSync(process.execPath, [join(ROOT, "scripts/api-report.mjs"), "--root", dir, ...args], {
    encoding: "utf8",
    timeout: 120_000,
  });

it("fails on a changed signature, naming the package and npm run api:update, and passes after the update", () => {
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "scratch", private: true, workspaces: ["packages/kit"] }),
  );
  cpSync(join(ROOT, "api-extractor.base.json"), join(dir, "api-extractor.base.json"));
  mkdirSync(KIT, { recursive: true });
  for (const part of ["package.json", "dist", "api"])
    cpSync(join(ROOT, "packages/kit", part), join(KIT, part), { recursive: true });
  // @types/node and the other packages the declarations import, as the repository resolves them.
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));

  const before = report();
  expect(before.stderr).toBe("");
  expect(before.status).toBe(0);
  expect(before.stdout).toContain("API reports match the code.");

  const declarations = join(KIT, "dist/backoff.d.ts");
  const changed = readFileSync(declarations, "utf8").replace(
    "backoffDelay(policy: BackoffPolicy, attempt: number): number;",
    "backoffDelay(policy: BackoffPolicy, attempt: number, cap: number): number;",
  );
  expect(changed).toContain("cap: number");
  writeFileSync(declarations, changed);

  const failed = report();
  expect(failed.status).toBe(1);
  expect(failed.stderr).toContain("@chatbot/kit: its public API differs from packages/kit/api/kit.api.md");
  expect(failed.stderr).toContain("npm run api:update");
  expect(failed.stdout + failed.stderr).toContain("cap: number");
  // The sqlite entry point did not change, so only the root entry is named.
  expect(failed.stderr).not.toContain("@chatbot/kit/sqlite:");

  const updated = report(["--update"]);
  expect(updated.status).toBe(0);
  expect(updated.stdout).toContain("wrote   packages/kit/api/kit.api.md");
  expect(readFileSync(join(KIT, "api/kit.api.md"), "utf8")).toContain(
    "export function backoffDelay(policy: BackoffPolicy, attempt: number, cap: number): number;",
  );

  const after = report();
  expect(after.status).toBe(0);
  expect(after.stdout).toContain("API reports match the code.");
}, 300_000);

it("fails for a report no entry point makes any more, and the update removes it", () => {
  writeFileSync(join(KIT, "api/kit-gone.api.md"), "a report of a subpath export that was removed\n");
  const failed = report();
  expect(failed.status).toBe(1);
  expect(failed.stderr).toContain(
    "packages/kit/api/kit-gone.api.md: no published entry point makes this report any more",
  );
  expect(report(["--update"]).status).toBe(0);
  expect(report().status).toBe(0);
}, 300_000);

it("refuses, naming it, a declaration whose import() types nest so deep that api-extractor would take minutes", () => {
  const declarations = join(KIT, "dist/backoff.d.ts");
  const original = readFileSync(declarations, "utf8");
  let nested = "number";
  for (let i = 0; i < 12; i++) nested = `import("./clock.js").Deep<${nested}>`;
  writeFileSync(declarations, `${original}\nexport declare const tooDeep: ${nested};\n`);
  const started = Date.now();
  const refused = report();
  writeFileSync(declarations, original);
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain("packages/kit/dist/backoff.d.ts: tooDeep (12 deep)");
  expect(Date.now() - started).toBeLessThan(60_000);
}, 120_000);
