import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Builds every package (tsc -b, incremental) so the tests run the binary users run. */
export default function setup(): void {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-b", "tsconfig.build.json"], {
    cwd: root,
    stdio: "inherit",
  });
}
