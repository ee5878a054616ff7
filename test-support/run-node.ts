import { spawn } from "node:child_process";

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
