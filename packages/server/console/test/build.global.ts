import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

/**
 * Builds the web console when it is missing (`npm run build` and `npm ci` build it), so that the
 * server has a page to serve; never otherwise, so that a rebuild never empties it under another
 * package's tests.
 */
export default function setup(): void {
  if (existsSync(`${root}packages/server/dist/console/index.html`)) return;
  execFileSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--config", "packages/server/console/vite.config.ts"],
    { cwd: root, stdio: "inherit" },
  );
}
