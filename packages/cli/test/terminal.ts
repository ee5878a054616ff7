// `chatbot dev` in a pseudo-terminal, as a developer's shell runs it: util-linux `script` gives it
// one (no native module). What it prints is read back without terminal escapes.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import { waitFor } from "./dev-project.js";
import { CHATBOT_BIN } from "./run-cli.js";

/** Whether `script` is there to give a terminal (util-linux). */
export const hasScript = spawnSync("script", ["--version"]).status === 0;

/** `chatbot dev` running in a terminal: what it printed so far, and keys to type. */
export class DevTerminal {
  readonly #child: ChildProcess;
  #out = "";
  /** Resolves with the exit code once the terminal's process has ended. */
  readonly exited: Promise<number | null>;

  /** Starts `chatbot dev --port 0 <args>` in `cwd`, in a terminal of its own. */
  constructor(cwd: string, args: readonly string[] = []) {
    // `exec`: without $SHELL, as in CI, dash would stay in between.
    const command = `exec ${process.execPath} ${CHATBOT_BIN} dev --port 0 ${args.join(" ")}`;
    this.#child = spawn("script", ["-qfec", command, "/dev/null"], {
      cwd,
      stdio: ["pipe", "pipe", "ignore"],
    });
    this.#child.stdout!.on("data", (chunk: Buffer) => (this.#out += chunk.toString()));
    this.exited = new Promise((resolve) => this.#child.once("exit", (code) => resolve(code)));
  }

  /**
   * Everything printed so far, as the screen shows it: a line cleared (the prompt, when a line is
   * printed above it) without what it held, and without other escapes and carriage returns.
   */
  text(): string {
    // eslint-disable-next-line no-control-regex
    const cleared = this.#out.replaceAll(/[^\n]*\x1b\[2K/g, "");
    return stripVTControlCharacters(cleared).replaceAll("\r", "");
  }

  /** Types `keys` (`\r` is Enter, `\t` Tab). */
  type(keys: string): void {
    this.#child.stdin!.write(keys);
  }

  /** Waits until what was printed after `from` (an offset into {@link text}) matches `pattern`. */
  waitFor(pattern: RegExp, from = 0, ms = 10_000): Promise<RegExpExecArray> {
    return waitFor(() => this.text().slice(from), pattern, ms);
  }

  /** Ends it at once. */
  kill(): void {
    this.#child.kill("SIGKILL");
  }
}
