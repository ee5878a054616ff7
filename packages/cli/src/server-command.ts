import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type RunningServer, type ServerOptions, startServer } from "@chatbot/server";
import { formatLogLine } from "./log-line.js";
import { closeOnStop } from "./parent-watch.js";
import type { ServerFlags } from "./server-options.js";

/** Turns parsed flags into the in-process server's options. */
export function serverOptionsFromFlags(flags: ServerFlags): ServerOptions {
  const options: ServerOptions = {
    host: flags.host,
    port: flags.port,
    manualClock: flags["manual-clock"],
    heartbeatIntervalMs: flags["heartbeat-interval"],
    rateLimits: flags["rate-limits"],
    ...(flags.inspector ? {} : { inspector: false as const }),
  };
  if (flags.seed !== undefined) options.seed = flags.seed;
  if (flags.data !== undefined) options.dataPath = flags.data;
  if (flags.reseed) options.seedReplacesStore = true;
  if (flags["dev-key"] !== undefined) options.devKey = flags["dev-key"];
  return options;
}

/** Where `chatbot server` writes its lines; a parameter so tests can read them. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
  /** Whether `out` is a terminal: the request log is then on unless `--no-log`. */
  readonly terminal?: boolean;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Makes the folder of the `--data` file (and its parents) if missing, as a fresh clone has no `.data/`. */
function makeDataFolder(path: string): void {
  const folder = dirname(resolve(path));
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new Error(`--data ${path}: cannot make its folder ${folder}: ${message(error)}`, { cause: error });
  }
}

/**
 * Runs the reference server in the foreground: prints `ready base_url=… gateway_url=…` once it
 * listens, then the request log (with `--log`, or by default in a terminal), and closes cleanly on
 * SIGINT or SIGTERM, or (when npm started it) once npm has gone. Resolves when the server has stopped.
 */
export async function runServer(flags: ServerFlags, output: Output): Promise<void> {
  let server: RunningServer;
  try {
    if (flags.data !== undefined) makeDataFolder(flags.data);
    const options = serverOptionsFromFlags(flags);
    if (flags.log ?? output.terminal === true)
      options.requestLog = (entry) => output.out(formatLogLine(entry));
    server = await startServer(options);
  } catch (error) {
    output.err(`chatbot server: ${message(error)}`);
    process.exitCode = 1;
    return;
  }
  if (flags.seed !== undefined && server.worldSource === "store") {
    output.err(
      `chatbot server: kept the world stored in ${flags.data}; the seed ${flags.seed} is valid but was not loaded (--reseed replaces the stored world with it)`,
    );
  }
  // The handlers are in place before the ready line: whoever reads it may stop the server at once.
  const stopped = closeOnStop(
    "chatbot server",
    (line) => output.err(line),
    () => server.close(),
  );
  output.out(`ready base_url=${server.baseUrl} gateway_url=${server.gatewayUrl}`);
  await stopped;
}
