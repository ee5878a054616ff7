import { mergeConfig } from "vitest/config";
import { packageProject } from "../../vitest.shared.js";

// The CLI's tests run the real `chatbot` binary, which runs the compiled packages: build first
// (incremental, so quick when nothing changed).
export default mergeConfig(packageProject("cli", { shareModules: true }), {
  test: { globalSetup: ["./test/build.global.ts"] },
});
