import { observe, type ObserveOptions, type ObserveServer } from "./observe.js";
import type { Bot } from "./bot.js";

/**
 * The exit codes of a bot run by {@link runBot} (a project's `npm start`), documented in
 * docs/deploying.md, so that an orchestrator can tell a bad deploy from a crash.
 */
export const EXIT_CODES = {
  /** Stopped by SIGINT or SIGTERM, after a graceful stop. */
  stopped: 0,
  /** An unexpected error: worth restarting. */
  crashed: 1,
  /** Configuration missing or wrong (an environment variable, an option): fix it first. */
  config: 2,
  /** The token was refused (REST `401`, gateway `4004`), or the app is switched off or deleted. */
  authentication: 3,
  /** The service refused the intents asked for (`4013`). */
  intents: 4,
  /** The service closed for a client bug (`4001`, `4002`, `4005`): update the packages. */
  protocol: 5,
  /** The store file is another running bot process's (`store_in_use`): stop that one first. */
  storeInUse: 6,
} as const;

/** The exit code for what ended a bot (`null`: a graceful stop). */
export function exitCodeFor(error: unknown): number {
  if (error === null || error === undefined) return EXIT_CODES.stopped;
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (code === "authentication_failed" || status === 401) return EXIT_CODES.authentication;
  if (code === "invalid_intents") return EXIT_CODES.intents;
  if (code === "unknown_op" || code === "invalid_json" || code === "already_identified") {
    return EXIT_CODES.protocol;
  }
  if (code === "store_in_use") return EXIT_CODES.storeInUse;
  if (code === "invalid_option" || (error as { name?: unknown }).name === "DefinitionError") {
    return EXIT_CODES.config;
  }
  return EXIT_CODES.crashed;
}

/** Options of {@link runBot}. */
export interface RunBotOptions {
  /** The longest a graceful stop may take after a signal before the process exits anyway (10,000 ms). */
  readonly stopTimeoutMs?: number;
  /** Where the outcome goes (default `process.exit`); tests pass their own. */
  readonly exit?: (code: number) => void;
  /** Serve `/healthz`, `/readyz` and `/metrics` on this port (see {@link observe}); off by default. */
  readonly observe?: ObserveOptions;
}

/**
 * Runs a bot as a process's main, as a deployed bot runs: starts it, stops it gracefully on SIGINT
 * or SIGTERM (within `stopTimeoutMs`), and exits with an {@link EXIT_CODES} code: `0` after a
 * signal, `3` for a refused token, `4` for refused intents, `5` for a client bug, `1` otherwise.
 * The signal, the stop and the reason for the exit are logged through the bot's logger (one JSON
 * line each with the default pino logger). Resolves with the code.
 *
 * @example
 * await runBot(createBot({ ...bot, token, baseUrl }));
 */
export async function runBot(bot: Bot, options: RunBotOptions = {}): Promise<number> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  let signalled: NodeJS.Signals | null = null;
  let stoppingSince = 0;
  let stopping: Promise<void> | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = signal;
    stoppingSince = performance.now();
    bot.logger.info(`${signal} received: stopping`);
    const timer = setTimeout(() => {
      bot.logger.error(
        `still stopping ${stopTimeoutMs} ms after ${signal}; exiting (exit code ${EXIT_CODES.crashed})`,
      );
      exit(EXIT_CODES.crashed);
    }, stopTimeoutMs);
    timer.unref();
    stopping = bot.stop().finally(() => clearTimeout(timer));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  let code: number;
  let server: ObserveServer | null = null;
  try {
    if (options.observe) server = await observe(bot, options.observe);
    await bot.start();
    await bot.ended();
    code = EXIT_CODES.stopped;
  } catch (error) {
    if (stopping) {
      // A signal during the start: the start failed because the stop closed the connection.
      await stopping;
      code = EXIT_CODES.stopped;
    } else {
      code = exitCodeFor(error);
      const reason = `${error instanceof Error ? error.message : String(error)} (exit code ${code})`;
      // An unexpected error comes with its stack; a known cause (a refused token) says enough.
      if (code === EXIT_CODES.crashed) bot.logger.error(reason, error);
      else bot.logger.error(reason);
    }
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await server?.close();
  }
  if (signalled && code === EXIT_CODES.stopped) {
    const ms = Math.round(performance.now() - stoppingSince);
    bot.logger.info(`stopped in ${ms} ms after ${signalled} (exit code ${code})`);
  }
  exit(code);
  return code;
}
