import { existsSync } from "node:fs";
import * as nodeModule from "node:module";
import type { ResolveFnOutput } from "node:module";
import { fileURLToPath } from "node:url";

/** A specifier with a scheme (`node:fs`, `file:///…`, `data:…`): not a package's name. */
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Node's hooks in the thread (`module.registerHooks`, Node 22.15 and later), where it has them. */
const registerHooks = (nodeModule as Partial<Pick<typeof nodeModule, "registerHooks">>).registerHooks;

/**
 * Whether this Node takes hooks in a thread (`module.registerHooks`, Node 22.15 and later): then
 * {@link quickBuildResolve} loads a build from memory, and nothing need be written.
 */
export const canLoadBuildsFromMemory = typeof registerHooks === "function";

/**
 * Loads and resolves the bot's builds in this thread quicker than Node does each time, where Node
 * takes hooks in the thread ({@link canLoadBuildsFromMemory}; elsewhere it does nothing).
 *
 * - A build handed over with its modules (a save's, kept in memory: `BotCompiler`'s `inMemory`) is
 *   loaded from them: nothing of it is written to disk or read back. Writing a build's 50 files
 *   took most of a reload's build (40 to 45 ms of it on this machine's disk, against ~5 without).
 *   The modules of the last two builds are kept, so that the code of the one before, finishing
 *   its handlers, can still import one of its own files.
 * - Every save imports a new build of every source, and Node resolves each of its imports afresh:
 *   a relative one is checked, made real and given its format from the project's `package.json`, a
 *   package's name looked for in `node_modules` from each new folder up. Here a build's relative
 *   import of a file it has (`./greeter.js`) is that file as an ES module, and a package's name
 *   resolves as the first build's import of it with the same conditions did (an import and a
 *   `require()` may differ): every build lives in the same folder of the project, under the same
 *   `node_modules` and `package.json`. For a bot of 50 files a build imported in about 45 ms
 *   instead of 55.
 * - A file of an installed package imported by its `file:` URL resolves as its first import did
 *   too: the decorator helpers of `@oxc-project/runtime`, which every compiled module with a
 *   decorator imports so (see `BotCompiler`). Node 22 and 24 read the package scope of such a file
 *   for its format on every import, and that package's `package.json` (38 KB of `exports`) is
 *   parsed again each time: two imports in each of the 50 files made most of a reload's import
 *   and its garbage, a build of the 50-file bot loading in 50 to 65 ms instead of 10 to 25.
 *
 * Anything else (a file the build lacks, an import with attributes, an import from outside the
 * builds) is Node's own, so its errors are Node's. Answers the function that names the builds'
 * folder (a `file:` URL ending in `/`) and the modules of the build loaded next, if it has them.
 */
export function quickBuildResolve(): (
  buildsUrl: string,
  modules: Readonly<Record<string, string>> | undefined,
) => void {
  let builds: string | null = null;
  const packages = new Map<string, ResolveFnOutput>();
  /** The modules of the last two builds handed over in memory, the newest last. */
  let held: Readonly<Record<string, string>>[] = [];
  const moduleText = (url: string): string | undefined => held[1]?.[url] ?? held[0]?.[url];
  registerHooks?.({
    resolve(specifier, context, next) {
      // The entry of a build in memory: a file URL that is on no disk.
      if (builds !== null && specifier.startsWith(builds) && moduleText(specifier) !== undefined) {
        return { url: specifier, format: "module", shortCircuit: true };
      }
      const parent = context.parentURL;
      if (builds === null || parent === undefined || !parent.startsWith(builds)) {
        return next(specifier, context);
      }
      if (specifier.startsWith("./") || specifier.startsWith("../")) {
        if (!specifier.endsWith(".js")) return next(specifier, context);
        const url = new URL(specifier, parent).href;
        if (!url.startsWith(builds)) return next(specifier, context);
        if (moduleText(url) === undefined && !existsSync(fileURLToPath(url))) return next(specifier, context);
        return { url, format: "module", shortCircuit: true };
      }
      const plain = !specifier.startsWith("/") && !specifier.startsWith("#") && !SCHEME.test(specifier);
      // A file of an installed package by its URL: the decorator helpers every compiled module imports.
      const installed = specifier.startsWith("file:") && specifier.includes("/node_modules/");
      if ((!plain && !installed) || Object.keys(context.importAttributes ?? {}).length > 0) {
        return next(specifier, context);
      }
      // An import and a require() of one package may resolve apart (its exports' conditions).
      const key = `${specifier}\0${context.conditions.join()}`;
      let resolved = packages.get(key);
      if (resolved === undefined) {
        resolved = { ...next(specifier, context), shortCircuit: true };
        packages.set(key, resolved);
      }
      return resolved;
    },
    load(url, context, next) {
      const source = builds !== null && url.startsWith(builds) ? moduleText(url) : undefined;
      if (source === undefined) return next(url, context);
      return { format: "module", source, shortCircuit: true };
    },
  });
  return (buildsUrl, modules) => {
    if (builds !== buildsUrl) packages.clear();
    builds = buildsUrl;
    if (modules !== undefined) held = [held.at(-1), modules].filter((m) => m !== undefined);
  };
}
