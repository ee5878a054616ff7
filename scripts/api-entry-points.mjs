// The public entry points of the packages this repository publishes, read from the manifests:
// every workspace that is not private and has an `exports` map, and each of its entries (the
// root and every subpath) by the `.d.ts` its `types` condition names. A new package or a new
// subpath export gets its API report with no list to edit.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The report's base name of an entry point: the unscoped package name, then the subpath with its
 * slashes as dashes (`@chatbot/protocol` "./dev" is `protocol-dev`, its root `protocol`).
 */
export function reportNameOf(packageName, subpath) {
  const unscoped = packageName.replace(/^@[^/]+\//, "");
  return subpath === "." ? unscoped : `${unscoped}-${subpath.replace(/^\.\//, "").replaceAll("/", "-")}`;
}

/**
 * Every entry point of every published workspace package:
 * `{ packageName, folder, subpath, typesPath, reportName }`, folders relative to `root`.
 */
export function publicEntryPoints(root) {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const entries = [];
  for (const folder of manifest.workspaces) {
    const pkg = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8"));
    if (pkg.private || pkg.exports === undefined) continue;
    const exportsMap = typeof pkg.exports === "string" ? { ".": pkg.exports } : pkg.exports;
    for (const [subpath, target] of Object.entries(exportsMap)) {
      const typesPath = typeof target === "object" && target !== null ? target.types : undefined;
      if (typeof typesPath !== "string")
        throw new Error(
          `${folder}/package.json: exports["${subpath}"] has no "types" condition to report on`,
        );
      entries.push({
        packageName: pkg.name,
        folder,
        subpath,
        typesPath: join(folder, typesPath),
        reportName: reportNameOf(pkg.name, subpath),
      });
    }
  }
  return entries;
}

/** Throws, naming the files and the build command, when an entry point's `.d.ts` is not built. */
export function assertBuilt(root, entries) {
  const missing = entries.filter((entry) => !existsSync(join(root, entry.typesPath)));
  if (missing.length > 0)
    throw new Error(
      `the API report reads the built declarations, and these are missing: ${missing.map((m) => m.typesPath).join(", ")}.` +
        ` Build first: npx tsc -b tsconfig.build.json`,
    );
}
