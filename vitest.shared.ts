import { defineProject } from "vitest/config";

/**
 * The config every package's `vitest.config.ts` starts from: tests import the other workspace
 * packages from their TypeScript sources (the `source` export condition), so no build is needed
 * before `npm test`.
 *
 * `shareModules`: the package's test files run in one module graph per worker (Vitest's `isolate:
 * false`) instead of each importing every module afresh. For packages whose files each make their
 * own servers and clients and keep no state in modules it halves their time (the server's 84
 * files: 81 s to 34 s on 2 cores, most of it import); the framework's files share process-wide
 * state (metrics, tracing) and stay isolated, as do those that start processes.
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
      ...(options.shareModules ? { isolate: false } : {}),
    },
  });
}
