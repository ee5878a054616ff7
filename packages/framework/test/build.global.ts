import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Builds the framework and what it depends on (incremental), so that tests can run a bot's main with plain node. */
export default function setup(): void {
  execFileSync(
    process.execPath,
    ["node_modules/@typescript/native/bin/tsc", "-b", "packages/framework/tsconfig.build.json"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
}
