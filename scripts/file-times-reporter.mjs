// A Vitest reporter for scripts/test-lines.mjs: when the run ends it writes each test file's time
// to the JSON file named by TEST_LINES_TIMES (nothing when that is unset), as
// `[{ "file": "create-bot/test/registry.test.ts", "seconds": 123.4, "state": "passed" }]`, and for a
// file that failed, `failures`: each failed test's full name and its error's first line (or the
// file's own error, when it failed before its tests ran), so the summary names what broke.
// A file's time is all of it in its worker: set-up, import (the transform included), hooks and
// tests; vitest's JSON reporter counts only from the first test, so a long beforeAll went missing.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";

/** @implements {import("vitest/node").Reporter} */
export default class FileTimesReporter {
  #root = process.cwd();

  /** @param {import("vitest/node").Vitest} vitest */
  onInit(vitest) {
    this.#root = vitest.config.root;
  }

  /** @param {ReadonlyArray<import("vitest/node").TestModule>} modules */
  onTestRunEnd(modules) {
    const out = process.env.TEST_LINES_TIMES;
    if (!out) return;
    const files = modules.map((module) => {
      const d = module.diagnostic();
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      const state = module.state();
      return {
        file: relative(this.#root, module.moduleId),
        seconds: Math.round(ms / 100) / 10,
        state,
        ...(state === "failed" ? { failures: failuresOf(module) } : {}),
      };
    });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(files, null, 2)}\n`);
  }
}

/** The first line of an error as Vitest reports it. */
function firstLine(error) {
  return String(error?.message ?? error ?? "")
    .split("\n")[0]
    .slice(0, 300);
}

/** A failed file's failed tests, `name: error`, or the file's own errors when none of its tests failed. */
function failuresOf(module) {
  const failed = [];
  for (const test of module.children.allTests("failed"))
    failed.push(`${test.fullName}: ${firstLine(test.result().errors?.[0])}`);
  if (failed.length === 0) for (const error of module.errors()) failed.push(`(the file) ${firstLine(error)}`);
  return failed;
}
