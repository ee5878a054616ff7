import { readFileSync } from "node:fs";
import yargs from "yargs";
import { DEV_OPTIONS, type DevFlags } from "./dev/dev-options.js";
import { runDev } from "./dev/dev-command.js";
import { SYNC_OPTIONS } from "./dev/sync-options.js";
import { runSync, type SyncFlags } from "./dev/sync-command.js";
import { runServer } from "./server-command.js";
import { checkServerFlags, SERVER_OPTIONS, type ServerFlags } from "./server-options.js";
import { UsageError } from "./usage-error.js";

const consoleOutput = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
  terminal: process.stdout.isTTY === true,
};

/** This package's version, from its package.json (`dist/` and `src/` both sit beside it). */
function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

/**
 * The `chatbot` command line: parses `argv` (without the node and script paths) and runs it. A
 * usage error prints its message first, then a one-line hint to `--help`, and exits with 2.
 */
export async function main(argv: readonly string[]): Promise<void> {
  const named = argv[0] === "server" || argv[0] === "dev" || argv[0] === "sync" ? argv[0] : null;
  const [command, what] = named ? [`chatbot ${named}`, "flags"] : ["chatbot", "commands"];
  try {
    await yargs([...argv])
      .scriptName("chatbot")
      .command(
        "server",
        "Run the reference server in the foreground",
        (y) => y.options(SERVER_OPTIONS).check((flags) => checkServerFlags(flags as ServerFlags) ?? true),
        (flags) => runServer(flags as ServerFlags, consoleOutput),
      )
      .command(
        "dev [entry]",
        "Run the reference server and your bot together, reloading the bot's code on every save",
        (y) =>
          y
            .positional("entry", {
              type: "string",
              default: "src/bot.ts",
              describe: "The file that default-exports defineBot({ ... })",
            })
            .options(DEV_OPTIONS),
        (flags) =>
          runDev(flags as unknown as DevFlags, consoleOutput).catch((error: unknown) => {
            if (error instanceof UsageError) throw error;
            consoleOutput.err(`chatbot dev: ${error instanceof Error ? error.message : String(error)}`);
            process.exitCode = 1;
          }),
      )
      .command(
        "sync [entry]",
        "Print the bot's command plan against a service and write it (--dry-run: only print)",
        (y) =>
          y
            .positional("entry", {
              type: "string",
              default: "src/bot.ts",
              describe: "The file that default-exports defineBot({ ... })",
            })
            .options(SYNC_OPTIONS),
        (flags) => runSync(flags as unknown as SyncFlags, consoleOutput),
      )
      .demandCommand(1, "name a command: chatbot dev, chatbot server or chatbot sync")
      .updateStrings({ "Not enough arguments following: %s": "--%s needs a value" })
      .strict()
      .fail((message, error) => {
        // yargs calls this for its own usage errors and for an error a command handler throws.
        if (message) throw new UsageError(message);
        throw error;
      })
      .version(packageVersion())
      .help()
      .parseAsync();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    consoleOutput.err(`${command}: ${error.message}`);
    consoleOutput.err(`Run \`${command} --help\` to see the ${what}.`);
    process.exitCode = 2;
  }
}
