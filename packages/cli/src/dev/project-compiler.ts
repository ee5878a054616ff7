import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The project's own TypeScript compiler, as a command `chatbot dev` can run. */
export interface ProjectCompiler {
  /** Its version (`7.0.2`, `5.9.3`). */
  readonly version: string;
  readonly major: number;
  /** The program to start and the arguments before the compiler's own. */
  readonly command: string;
  readonly args: readonly string[];
}

/** What `typescript`'s package.json says of itself. */
interface TypeScriptManifest {
  readonly version?: string;
  readonly bin?: string | Record<string, string>;
}

/**
 * The native compiler of TypeScript 7 and later, without the Node script that starts it: one
 * process less for the length of each check (on Node 20 that script waits for the compiler).
 */
function nativeCompiler(folder: string): string | null {
  const platformPackage = `@typescript/typescript-${process.platform}-${process.arch}`;
  try {
    const manifest = createRequire(join(folder, "package.json")).resolve(`${platformPackage}/package.json`);
    const exe = join(dirname(manifest), "lib", process.platform === "win32" ? "tsc.exe" : "tsc");
    return existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

/**
 * Finds the `typescript` the project at `root` installed (its own, the one its `npm run typecheck`
 * runs) and how to run its `tsc`: the native compiler of TypeScript 7, or the compiler's script
 * under this Node for 5.x and 6.x. Answers why not when there is none.
 */
export function findProjectCompiler(root: string): ProjectCompiler | string {
  let manifestPath: string;
  try {
    manifestPath = createRequire(join(root, "package.json")).resolve("typescript/package.json");
  } catch {
    return "typescript is not installed in the project (npm install -D typescript)";
  }
  const folder = dirname(manifestPath);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as TypeScriptManifest;
  const version = manifest.version ?? "0.0.0";
  const major = Number(version.split(".")[0]);
  if (major >= 7) {
    const exe = nativeCompiler(folder);
    if (exe) return { version, major, command: exe, args: [] };
  }
  const bin =
    typeof manifest.bin === "string"
      ? manifest.bin
      : (manifest.bin?.tsc ?? Object.values(manifest.bin ?? {})[0]);
  if (!bin) return `the project's typescript ${version} has no tsc to run`;
  return { version, major, command: process.execPath, args: [join(folder, bin)] };
}
