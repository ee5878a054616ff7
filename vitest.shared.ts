import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

const FRESH_GLOBALS = fileURLToPath(new URL("./test-support/fresh-globals.ts", import.meta.url));

/**
 * The config every package's `vitest.config.ts` starts from: tests import the other workspace
 * packages from their TypeScript sources (the `source` export condition), so no build is needed
 * before `npm test`.
 *
 * `shareModules`: the package's test files run in one module graph per worker (Vitest's `isolate:
 * false`) instead of each importing every module afresh, in a worker of its own. For packages whose
 * files each make their own servers and clients it halves their time (the server's 84 files: 81 s
 * to 34 s on 2 cores, most of it import); where files start processes it saves a worker's start
 * per file (the framework's 40 files: 82 s to 59 s; the CLI's 29: 166 to 140 s; the cluster's 16:
 * 293 to 272 s, Node 24, one at a time). The one process-wide state the files leave behind,
 * OpenTelemetry's global providers (a file that observes or traces registers them, and the API
 * refuses a second), is dropped before each file by test-support/fresh-globals.ts.
 */
export function packageProject(name: string, options: { shareModules?: boolean } = {}) {
  return defineProject({
    resolve: { conditions: ["source", "node", "import", "default"] },
    ssr: {
      resolve: {
        conditions: ["source", "node", "import", "default"],
        externalConditions: ["source"],
      },
    },
    test: {
      name,
      environment: "node",
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      testTimeout: 20_000,
      hookTimeout: 30_000,
      ...(options.shareModules ? { isolate: false, setupFiles: [FRESH_GLOBALS] } : {}),
    },
  });
}
