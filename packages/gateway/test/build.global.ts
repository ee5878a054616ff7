import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Builds this package and what it depends on (tsc -b, incremental), so that the docs test can run
 * the complete bot with plain node, importing the packages as users do.
 */
export default function setup(): void {
  execFileSync(
    process.execPath,
    ["node_modules/@typescript/native/bin/tsc", "-b", "packages/gateway/tsconfig.build.json"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
}
