import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** What a child `node` printed (stdout and stderr together) and how it exited. */
export interface NodeRun {
  readonly code: number | null;
  readonly output: string;
}

/**
 * Runs `node args` in `cwd` with colours off; answers its exit code and everything it printed. The
 * child is killed after `timeoutMs`, so a hung run fails its test instead of holding the suite.
 */
export function runNode(args: readonly string[], cwd: string, timeoutMs = 170_000): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" };
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * A guide's code blocks of the given languages, each starting with a `// path` line, joined per
 * path in the guide's order. A block without its path line throws, naming the page.
 */
export function guideFiles(guide: string, page: string, languages: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const fence = new RegExp("```(?:" + languages.join("|") + ")\\n([\\s\\S]*?)```", "g");
  for (const [, body] of guide.matchAll(fence)) {
    const first = /^\/\/ (\S+)\n/.exec(body!);
    if (!first) throw new Error(`${page}: a code block does not start with its file: ${body!.slice(0, 60)}`);
    out.set(first[1]!, (out.get(first[1]!) ?? "") + body!.slice(first[0].length) + "\n");
  }
  return out;
}

/** A bot project made of a guide's code blocks, for a docs test to run (see {@link guideProject}). */
export interface GuideProject {
  /** The project's folder. */
  readonly root: string;
  /** Each file the guide's blocks make (path → text). */
  readonly files: ReadonlyMap<string, string>;
  /** Removes the folder. */
  remove(): void;
}

/**
 * Writes a guide's code blocks (each starting with its `// path` line) as a project in a new
 * folder inside `packageDir`, so that the workspace packages resolve from it, with a `package.json`
 * and a vitest config that reads the packages from their sources (the `source` condition). The
 * test adds its own `tsconfig.json`.
 */
export function guideProject(
  packageDir: string,
  guide: string,
  page: string,
  languages: readonly string[],
  testTimeout = 20_000,
): GuideProject {
  const root = mkdtempSync(join(packageDir, ".docs-run-"));
  const files = guideFiles(guide, page, languages);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  writeFileSync(join(root, "package.json"), JSON.stringify({ type: "module", private: true }));
  const conditions = JSON.stringify(["source", "node", "import", "default"]);
  writeFileSync(
    join(root, "vitest.config.mjs"),
    `export default { resolve: { conditions: ${conditions} }, ssr: { resolve: { conditions: ${conditions}, ` +
      `externalConditions: ["source"] } }, test: { include: ["test/**/*.test.ts"], testTimeout: ${testTimeout} } };\n`,
  );
  return { root, files, remove: () => rmSync(root, { recursive: true, force: true }) };
}
