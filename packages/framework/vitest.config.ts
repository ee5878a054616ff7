import { mergeConfig } from "vitest/config";
import { packageProject } from "../../vitest.shared.js";

// Bots answer over real sockets: on a loaded machine a poll may need longer than vitest's 1 s.
export default mergeConfig(packageProject("framework"), { test: { expect: { poll: { timeout: 5_000 } } } });
