import yargs from "yargs";
import { runServer } from "./server-command.js";
import { checkServerFlags, SERVER_OPTIONS, type ServerFlags } from "./server-options.js";

const consoleOutput = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};

/** The `chatbot` command line: parses `argv` (without the node and script paths) and runs it. */
export async function main(argv: readonly string[]): Promise<void> {
  await yargs([...argv])
    .scriptName("chatbot")
    .command(
      "server",
      "Run the reference server in the foreground",
      (y) => y.options(SERVER_OPTIONS).check((flags) => checkServerFlags(flags as ServerFlags) ?? true),
      (flags) => runServer(flags as ServerFlags, consoleOutput),
    )
    .demandCommand(1, "Name a command: chatbot server")
    .strict()
    .help()
    .parseAsync();
}
