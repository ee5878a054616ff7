import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { type GuideProject, guideProject } from "../../../test-support/run-node.js";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
/** The repository's root. */
export const REPO_ROOT = join(packageDir, "../..");

/**
 * The TypeScript files of the docs page `page` (`docs/state.md`) as a project inside this package,
 * removed after the file's tests, with a tsconfig.json extending the repository's (Vite's transform
 * reads the decorator settings, legacy decorators and metadata, from it) and `compilerOptions`.
 */
export function decoratedGuideProject(page: string, compilerOptions?: Record<string, unknown>): GuideProject {
  const made = guideProject(packageDir, readFileSync(join(REPO_ROOT, page), "utf8"), page, ["ts"]);
  afterAll(() => made.remove());
  writeFileSync(
    join(made.root, "tsconfig.json"),
    JSON.stringify({
      extends: "../../../tsconfig.base.json",
      ...(compilerOptions ? { compilerOptions } : {}),
      include: ["src", "test"],
    }),
  );
  return made;
}
