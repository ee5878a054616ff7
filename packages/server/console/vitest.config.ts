import { mergeConfig } from "vitest/config";
import { packageProject } from "../../../vitest.shared.js";

// The web console's browser tests: Debian's Chromium through playwright-core against the reference
// server (from its sources) serving the built console. One file at a time, so one Chromium at a time.
export default mergeConfig(packageProject("console", { shareModules: true }), {
  test: { globalSetup: ["./test/build.global.ts"], fileParallelism: false },
});
