// A throwaway redis-server for a test: a plain child process on a free port of 127.0.0.1, its files
// in a temporary folder, never a system service. It needs the `redis-server` program (Debian:
// `apt-get install redis-server`).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The redis-server program: `REDIS_SERVER` in the environment, else where Debian installs it. */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";

/** A running redis-server of one test. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Its data folder (an append-only file, fsync'd on every write). */
  readonly dir: string;
  /** Stops it the way an operator would (SIGTERM, it writes its files) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder: what it acknowledged before is still there. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing is answered, as a stalled server. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  /** Kills it (SIGKILL, as a crash: nothing is written on the way out) and waits for the exit. */
  kill(): Promise<void>;
}

/** Options of {@link startRedisServer}. */
export interface RedisServerOptions {
  /**
   * Lines of redis.conf given after the defaults, which they override: `"appendonly no"`,
   * `"maxmemory-policy allkeys-lru"`, `"replicaof 127.0.0.1 6379"`, `'rename-command CONFIG ""'`.
   */
  readonly config?: readonly string[];
}

/** A port that was free a moment ago on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Lines of redis.conf as redis-server's arguments, one a word (`""` an empty one):
 * `"replicaof 127.0.0.1 6379"` is `--replicaof 127.0.0.1 6379`.
 */
function configArgs(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    const [name, ...words] = (line.match(/"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^"(.*)"$/, "$1"));
    if (name === undefined) throw new Error(`not a line of redis.conf: ${JSON.stringify(line)}`);
    return [`--${name}`, ...words];
  });
}

/** Starts redis-server on `port` in `dir`; resolves once it accepts connections. */
function launch(port: number, dir: string, config: readonly string[] = []): Promise<ChildProcess> {
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    "yes",
    "--appendfsync",
    "always",
    "--daemonize",
    "no",
    "--protected-mode",
    "yes",
    "--loglevel",
    "notice",
    ...configArgs(config),
  ];
  return launchUntil(REDIS_SERVER, args, "Ready to accept connections", `redis-server on port ${port}`);
}

/**
 * Runs `program` with `args` as a child process; resolves once its output says `ready`, fails with
 * its output when it exits first or is not ready within 10 s.
 */
export function launchUntil(
  program: string,
  args: readonly string[],
  ready: string,
  what: string,
): Promise<ChildProcess> {
  const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${what} did not start within 10 s:\n${output}`));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** Starts a server on a free port of 127.0.0.1, on another when one took it in between (5 tries). */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<[number, T]> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    try {
      return [port, await start(port)];
    } catch (error) {
      // Another process took the port between the probe and the start: try another, a few times.
      if (attempt >= 4 || !String(error).includes("in use")) throw error;
    }
  }
}

/** Resolves when `child` has exited. */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts a redis-server of its own for a test; fails with what to install when it is missing. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const config = options.config ?? [];
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `${REDIS_SERVER} is missing: install Redis (Debian: apt-get install redis-server), or pass the URL of a running one`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "chatbot-redis-"));
  const [port, child] = await onFreePort((port) => launch(port, dir, config));
  let current: ChildProcess | undefined = child;
  const end = async (signal: NodeJS.Signals) => {
    if (!current) return;
    const running = current;
    current = undefined;
    running.kill(signal);
    await exited(running);
  };
  const stop = () => end("SIGTERM");
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    stop,
    async start() {
      if (current) return;
      current = await launch(port, dir, config);
    },
    async close() {
      current?.kill("SIGCONT");
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    pause() {
      current?.kill("SIGSTOP");
    },
    resume() {
      current?.kill("SIGCONT");
    },
    kill: () => end("SIGKILL"),
  };
}
