import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Builds every package (tsc -b, incremental) so the tests run the binary users run. */
export default function setup(): void {
  execFileSync(process.execPath, ["node_modules/@typescript/native/bin/tsc", "-b", "tsconfig.build.json"], {
    cwd: root,
    stdio: "inherit",
  });
  // The web console is built by `npm run build` (and `npm ci`); build it here only when it is
  // missing, so that a rebuild never empties it under another package's tests.
  if (!existsSync(`${root}packages/server/dist/console/index.html`)) {
    execFileSync(
      process.execPath,
      ["node_modules/vite/bin/vite.js", "build", "--config", "packages/server/console/vite.config.ts"],
      { cwd: root, stdio: "inherit" },
    );
  }
}
