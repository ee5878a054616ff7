import { mergeConfig } from "vitest/config";
import { packageProject } from "../vitest.shared.js";

// The generator's tests install generated projects: give them time. Tests marked concurrent (the
// registry test's projects) run two at a time.
export default mergeConfig(packageProject("create-bot"), {
  test: { testTimeout: 240_000, maxConcurrency: 2, globalSetup: ["../packages/cli/test/build.global.ts"] },
});
