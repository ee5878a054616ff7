import { mergeConfig } from "vitest/config";
import { packageProject } from "../../vitest.shared.js";

// Bots answer over real sockets: on a loaded machine a poll may need longer than vitest's 1 s. The
// process tests run a bot's main with plain node on the built packages: build first.
export default mergeConfig(packageProject("framework", { shareModules: true }), {
  test: { globalSetup: ["./test/build.global.ts"], expect: { poll: { timeout: 5_000 } } },
});
