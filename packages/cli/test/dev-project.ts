import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CHATBOT_BIN, REPO_ROOT, type ServerProcess, startReadyProcess } from "./run-cli.js";

/**
 * Which `typescript` a project has: `7`, the native compiler (this repository's
 * `@typescript/native`), or `6`, the last line with the JavaScript API (this repository's
 * `typescript`, which is `@typescript/typescript6`).
 */
export type ProjectTypeScript = "7" | "6";

/** The folders of this repository's node_modules each line of TypeScript is installed in. */
const TYPESCRIPT_FOLDERS: Record<ProjectTypeScript, string> = {
  "7": join(REPO_ROOT, "node_modules", "@typescript", "native"),
  "6": join(REPO_ROOT, "node_modules", "typescript"),
};

/**
 * Links the packages of this repository's node_modules into `folder`'s, with `typescript` the
 * line asked for: a project as `npm install` leaves it, without a download.
 */
export function linkPackages(folder: string, typescript?: ProjectTypeScript): void {
  if (!typescript) {
    symlinkSync(join(REPO_ROOT, "node_modules"), join(folder, "node_modules"), "dir");
    return;
  }
  const modules = join(folder, "node_modules");
  mkdirSync(modules);
  for (const name of readdirSync(join(REPO_ROOT, "node_modules"))) {
    if (name === "typescript" || name === ".bin") continue;
    symlinkSync(join(REPO_ROOT, "node_modules", name), join(modules, name), "dir");
  }
  symlinkSync(TYPESCRIPT_FOLDERS[typescript], join(modules, "typescript"), "dir");
}

/** A bot project in a temporary folder, its packages taken from this repository's node_modules. */
export class DevProject {
  readonly root = mkdtempSync(join(tmpdir(), "chatbot-dev-"));
  constructor(files: Record<string, string>, typescript?: ProjectTypeScript) {
    linkPackages(this.root, typescript);
    this.write("package.json", JSON.stringify({ name: "devbot", private: true, type: "module" }));
    for (const [path, text] of Object.entries(files)) this.write(path, text);
  }
  write(path: string, text: string): void {
    mkdirSync(dirname(join(this.root, path)), { recursive: true });
    writeFileSync(join(this.root, path), text);
  }
  /** A file of the project, or "" when there is none yet. */
  read(path: string): string {
    try {
      return readFileSync(join(this.root, path), "utf8");
    } catch {
      return "";
    }
  }
  /** Replaces `from` with `to` in a file, as an editor's save would. */
  edit(path: string, from: string, to: string): void {
    const text = readFileSync(join(this.root, path), "utf8");
    if (!text.includes(from)) throw new Error(`${path} does not hold ${from}`);
    this.write(path, text.replace(from, to));
  }
  /** `.chatbot/dev.json`: the development world's ids and the app's token. */
  world(): {
    appId: string;
    token: string;
    channels: Record<string, string>;
    people: Record<string, string>;
  } {
    return JSON.parse(readFileSync(join(this.root, ".chatbot", "dev.json"), "utf8"));
  }
  /** Starts `chatbot dev <args>` in the project and waits for its ready line. */
  dev(args: readonly string[] = []): Promise<ServerProcess> {
    return startReadyProcess(
      process.execPath,
      [CHATBOT_BIN, "dev", "--port", "0", ...args],
      this.root,
      30_000,
    );
  }
  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Waits (at most `ms`) until `read()` matches `pattern`; fails with what it read. */
export async function waitFor(read: () => string, pattern: RegExp, ms = 10_000): Promise<RegExpExecArray> {
  for (let waited = 0; ; waited += 25) {
    const match = pattern.exec(read());
    if (match) return match;
    if (waited > ms) throw new Error(`${pattern} never came; got: ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A person of the development world uses `/name` in `general`; resolves with the answers' text. */
export async function use(
  dev: ServerProcess,
  project: DevProject,
  name: string,
  options: Array<{ name: string; value: unknown }> = [],
): Promise<{ state: string; contents: string[] }> {
  const { channels } = project.world();
  const made = await fetch(`${dev.baseUrl}/dev/v1/channels/${channels.general}/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-dev-user": "alice" },
    body: JSON.stringify({ name, options }),
  });
  const { id } = (await made.json()) as { id: string };
  for (let waited = 0; waited < 5_000; waited += 25) {
    const res = await fetch(`${dev.baseUrl}/dev/v1/interactions/${id}`);
    const now = (await res.json()) as { state: string; messages: Array<{ content: string }> };
    if (now.state !== "delivered" && now.state !== "thinking")
      return { state: now.state, contents: now.messages.map((m) => m.content) };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`/${name} was not answered within 5 s`);
}
