import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The real `chatbot` binary of this repository. */
export const CHATBOT_BIN = fileURLToPath(new URL("../bin/chatbot.js", import.meta.url));

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Runs `chatbot <args>` to its end (killed after `timeoutMs`) in `cwd`; its exit status and output. */
export function runCli(args: readonly string[], cwd = REPO_ROOT, timeoutMs = 15_000) {
  const run = spawnSync(process.execPath, [CHATBOT_BIN, ...args], {
    cwd,
    encoding: "utf8",
    timeout: timeoutMs,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, lines: run.stderr.split("\n") };
}

/** A running `chatbot server` child process and the URLs from its `ready` line. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  readonly gatewayUrl: string;
  /** Everything it wrote to standard error so far. */
  stderr(): string;
  /** Everything it wrote to standard output so far (the ready line, then the request log). */
  stdout(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `chatbot server <args>` and waits (at most `timeoutMs`) for its `ready` line. */
export function startServerProcess(args: readonly string[], timeoutMs = 20_000): Promise<ServerProcess> {
  return startReadyProcess(process.execPath, [CHATBOT_BIN, "server", ...args], REPO_ROOT, timeoutMs);
}

/**
 * Starts `command <args>` in `cwd`, a command that runs `chatbot server` (the binary itself, or
 * `npx chatbot server`), and waits (at most `timeoutMs`) for its `ready` line.
 */
export function startReadyProcess(
  command: string,
  args: readonly string[],
  cwd: string,
  timeoutMs = 20_000,
): Promise<ServerProcess> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no ready line within ${timeoutMs} ms; stderr: ${err}`));
    }, timeoutMs);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`chatbot server exited with ${code} before ready; stderr: ${err}`));
    };
    child.once("exit", early);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^ready base_url=(\S+) gateway_url=(\S+)( console_url=\S+)?$/m.exec(out);
      if (match) {
        clearTimeout(timer);
        child.off("exit", early);
        resolve({
          child,
          baseUrl: match[1]!,
          gatewayUrl: match[2]!,
          stderr: () => err,
          stdout: () => out,
          exited,
        });
      }
    });
  });
}
