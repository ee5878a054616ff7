import { defineProject } from "vitest/config";

/**
 * The config every package's `vitest.config.ts` starts from: tests import the other workspace
 * packages from their TypeScript sources (the `source` export condition), so no build is needed
 * before `npm test`.
 */
export function packageProject(name: string) {
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
    },
  });
}
