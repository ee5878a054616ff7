import { type RunningServer, type ServerOptions, startServer } from "@chatbot/server";
import type { ServerFlags } from "./server-options.js";

/** Turns parsed flags into the in-process server's options. */
export function serverOptionsFromFlags(flags: ServerFlags): ServerOptions {
  const options: ServerOptions = {
    host: flags.host,
    port: flags.port,
    manualClock: flags["manual-clock"],
    heartbeatIntervalMs: flags["heartbeat-interval"],
    rateLimits: flags["rate-limits"],
  };
  if (flags.seed !== undefined) options.seed = flags.seed;
  if (flags.data !== undefined) options.dataPath = flags.data;
  if (flags["dev-key"] !== undefined) options.devKey = flags["dev-key"];
  return options;
}

/** Where `chatbot server` writes its lines; a parameter so tests can read them. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs the reference server in the foreground: prints `ready base_url=… gateway_url=…` once it
 * listens, and closes cleanly on SIGINT or SIGTERM. Resolves when the server has stopped.
 */
export async function runServer(flags: ServerFlags, output: Output): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer(serverOptionsFromFlags(flags));
  } catch (error) {
    output.err(`chatbot server: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    return;
  }
  output.out(`ready base_url=${server.baseUrl} gateway_url=${server.gatewayUrl}`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      output.err(`chatbot server: ${signal}, closing`);
      server.close().then(resolve, (error: unknown) => {
        output.err(`chatbot server: close failed: ${String(error)}`);
        process.exitCode = 1;
        resolve();
      });
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
