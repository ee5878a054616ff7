import { mergeConfig } from "vitest/config";
import { packageProject } from "../../vitest.shared.js";

// The docs test runs the complete bot of docs/sdk.md with plain node, on the compiled packages:
// build first (incremental, so quick when nothing changed).
export default mergeConfig(packageProject("gateway", { shareModules: true }), {
  test: { globalSetup: ["./test/build.global.ts"] },
});
