import { mergeConfig } from "vitest/config";
import { packageProject } from "../../vitest.shared.js";

// Each test starts its own redis-server and bots over real sockets: give polls room on a loaded
// machine. The kill tests run nodes as plain node processes on the built packages: build first.
export default mergeConfig(packageProject("cluster", { shareModules: true }), {
  test: { globalSetup: ["./test/build.global.ts"], expect: { poll: { timeout: 10_000 } } },
});
