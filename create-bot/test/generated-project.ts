import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { accessSync, constants, readFileSync, realpathSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

/** The monorepo's root, which a `--local` project takes its `@chatbot/*` packages from. */
export const REPO = fileURLToPath(new URL("../../", import.meta.url));
/** The generator's bin, as `npm create chat-bot` runs it. */
export const BIN = fileURLToPath(new URL("../bin/create-chat-bot.js", import.meta.url));

/** The demo world's app (examples/worlds/demo.json), whose token is `demo-bot-token`. */
export const DEMO_APP = "100000000000001001";
/** The demo world's server, owned by ada. */
export const DEMO_GUILD = "100000000000002001";

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
/**
 * What the generator writes first on stderr on the Node this test runs on: nothing on 22.13 or
 * newer and on 24 and later, and on another line (CI also runs the suite on Node 20) a warning
 * that names the supported lines.
 */
export const LINE_WARNING =
  major >= 24 || (major === 22 && minor >= 13)
    ? ""
    : `create-chat-bot: warning: Node ${process.versions.node} is not supported; use Node 24 (active LTS) or Node 22.13 or newer (maintenance LTS). The project is made, but its install or its bot may fail on this Node\n`;

/**
 * Every `node` on PATH, once each. Under scripts/test-lines.mjs a line's bin comes before the
 * machine's, so a run on Node 22 or 24 also finds the machine's Node 20.
 */
export function nodesOnPath(): string[] {
  const found = (process.env.PATH ?? "").split(delimiter).flatMap((dir) => {
    try {
      accessSync(join(dir, "node"), constants.X_OK);
      return [realpathSync(join(dir, "node"))];
    } catch {
      return [];
    }
  });
  return [...new Set(found)];
}

/** Runs the generator in `cwd`, as `npm create chat-bot` would. */
export function create(args: readonly string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs a command in a generated project and waits for it; the output without colours. */
export function inProject(project: string, command: string, args: readonly string[]) {
  const run = spawnSync(command, args, { cwd: project, encoding: "utf8", timeout: 180_000 });
  return { status: run.status, output: stripVTControlCharacters(`${run.stdout}${run.stderr}`) };
}

/** `npm install` in a generated project, from npm's cache where it can be. */
export function npmInstall(project: string) {
  return inProject(project, "npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
}

/** The project's own `tsc` (the one it installed) with `-p <config>`. */
export function projectTsc(project: string, config: "tsconfig.json" | "tsconfig.build.json") {
  return inProject(project, process.execPath, ["node_modules/typescript/bin/tsc", "-p", config]);
}

/** The first lines of docs/deploying.md's "Running it": the commands a deploy runs. */
export function deployCommands(): string[] {
  const page = readFileSync(join(REPO, "docs/deploying.md"), "utf8");
  return /```sh\n([\s\S]*?)```/.exec(page)![1]!.trim().split("\n");
}

/** A reference server in a process of its own (`chatbot server`), rate limits on as the service has them. */
export interface ServerProcess {
  readonly baseUrl: string;
  /** A dev API call (`/dev/v1<path>`), as `user` when given; the answer's JSON, or throws on a refusal. */
  dev(method: string, path: string, body?: unknown, user?: string): Promise<unknown>;
  kill(): void;
}

/** Starts `chatbot server --port 0` on the demo world and resolves once it prints its ready line. */
export async function startServer(): Promise<ServerProcess> {
  const server = spawn(
    process.execPath,
    [
      join(REPO, "packages/cli/bin/chatbot.js"),
      "server",
      "--port",
      "0",
      "--seed",
      join(REPO, "examples/worlds/demo.json"),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const ready = /ready base_url=(\S+)/.exec(out);
      if (ready) resolve(ready[1]!);
    });
    server.once("exit", (code) => reject(new Error(`chatbot server exited with ${code}`)));
  });
  return {
    baseUrl,
    async dev(method, path, body, user) {
      const res = await fetch(`${baseUrl}/dev/v1${path}`, {
        method,
        headers: { "content-type": "application/json", ...(user && { "x-dev-user": user }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} /dev/v1${path}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    kill: () => server.kill("SIGKILL"),
  };
}

/** A gateway session of an app, as `GET /dev/v1/apps/{id}/sessions` lists them. */
export interface Session {
  readonly identified_at: number | null;
  readonly closed_at: number | null;
  readonly close_code: number | null;
}

/** The app's gateway sessions, newest first. */
export async function sessions(server: ServerProcess, app = DEMO_APP): Promise<Session[]> {
  return (await server.dev("GET", `/apps/${app}/sessions`)) as Session[];
}

/** Resolves once the app's newest session is identified and open (within 15 s), or throws. */
export async function connected(server: ServerProcess, what: () => string, app = DEMO_APP): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const [newest] = await sessions(server, app);
    if (newest?.identified_at && newest.closed_at === null) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the bot did not connect within 15 s:\n${what()}`);
}

/** `npm start` in a project, running. */
export interface StartedBot {
  /** npm's process, as a process manager holds it: a signal to it reaches the bot (`exec`). */
  readonly npm: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** `"<code> <signal>"` once npm exits. */
  readonly exited: Promise<string>;
  /** The pid of the node process running the bot: the child npm's start script `exec`s into. */
  botPid(): number;
}

/** Runs `npm start` in a project, as a process manager runs it. */
export function npmStart(project: string): StartedBot {
  const npm = spawn("npm", ["start"], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  npm.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  npm.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<string>((resolve) =>
    npm.once("exit", (code, signal) => resolve(`${code} ${signal}`)),
  );
  return {
    npm,
    output: () => output,
    exited,
    botPid() {
      // Linux: the children of npm's process. The start script's shell exec'd node, so it is one.
      const children = readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, "utf8").trim().split(" ");
      const bot = children.map(Number).find((pid) => {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        return cmdline.includes("dist/main.js");
      });
      if (bot === undefined) throw new Error(`no child of npm (${npm.pid}) runs dist/main.js`);
      return bot;
    },
  };
}
