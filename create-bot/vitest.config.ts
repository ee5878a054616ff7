import { mergeConfig } from "vitest/config";
import { packageProject } from "../vitest.shared.js";

// The generator's tests install generated projects: give them time. Tests marked concurrent (the
// registry test's projects) run two at a time.
// The generated projects' explore tests draw new scenarios on each run where a user runs them;
// here they run with one seed (CHATBOT_EXPLORE_SEED, which their `npm test` inherits), so that the
// suite is stable.
export default mergeConfig(packageProject("create-bot"), {
  test: {
    testTimeout: 240_000,
    maxConcurrency: 2,
    globalSetup: ["../packages/cli/test/build.global.ts"],
    env: { CHATBOT_EXPLORE_SEED: process.env.CHATBOT_EXPLORE_SEED ?? "20261129" },
  },
});
