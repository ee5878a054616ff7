/**
 * The test projects of the monorepo, one per package. Vitest 5 no longer reads this file on its
 * own; `vitest.config.ts` imports it and hands it to `test.projects`.
 */
export default [
  "packages/kit",
  "packages/protocol",
  "packages/server",
  "packages/server/console",
  "packages/rest",
  "packages/gateway",
  "packages/testing",
  "packages/framework",
  "packages/cluster",
  "packages/plugin-mod-log",
  "packages/cli",
  "examples/digest",
  "examples/polls",
  "examples/reminders",
  "create-bot",
];
