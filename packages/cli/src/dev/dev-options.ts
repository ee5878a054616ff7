import type { FlagSpec } from "../flag-spec.js";
import { httpUrl, nonEmpty, optionalPort, wholeNumber } from "../flag-values.js";

/** The inspector's port for `--inspect` alone: Node's own default, which debuggers try first. */
export const INSPECT_PORT = 9229;

/**
 * The flags of `chatbot dev`, declared once: this table registers them with yargs and is what
 * `docs/cli.md` documents (a test checks the page names every flag).
 */
export const DEV_OPTIONS = {
  host: {
    value: "address",
    type: "string",
    requiresArg: true,
    default: "127.0.0.1",
    describe: "Address the reference server listens on",
    coerce: nonEmpty("host", "an address"),
  },
  port: {
    value: "n",
    requiresArg: true,
    default: 8787,
    describe: "Port the reference server listens on, 0 to 65535; 0 picks a free port",
    coerce: wholeNumber("port", 0, 65_535),
  },
  "server-url": {
    defaultDescription: "start one",
    value: "url",
    type: "string",
    requiresArg: true,
    describe: "Attach to a reference server already running there instead of starting one",
    coerce: httpUrl("server-url"),
  },
  fresh: {
    type: "boolean",
    default: false,
    describe: "Forget the development world kept in .chatbot/ and make a new one",
  },
  "manual-clock": {
    type: "boolean",
    default: false,
    describe: "Use the controllable clock: time moves only by the prompt's :advance or POST /dev/v1/clock",
  },
  log: {
    type: "boolean",
    default: false,
    describe: "Also print the server's request log (one line per /v1 call and gateway event)",
  },
  typecheck: {
    type: "boolean",
    default: true,
    describe:
      "Type-check the project in the background (its tsconfig.json, incremental) once each reload is done, and print type errors; --no-typecheck switches it off",
  },
  "recycle-after": {
    value: "n",
    requiresArg: true,
    default: 20,
    describe:
      "Run the bot's code in a fresh worker thread after this many reloads, which frees the memory of the earlier ones (1 for a fresh thread on every save)",
    coerce: wholeNumber("recycle-after", 1, 1_000_000),
  },
  inspect: {
    value: "port",
    optionalValue: true,
    type: "string",
    defaultDescription: "off",
    describe: `Open the inspector on the bot's code at 127.0.0.1:<port> (${INSPECT_PORT} when no port is given) for VS Code or Chrome DevTools to attach, with source maps to the .ts files; breakpoints hold across reloads, and the code stays in one thread (no --recycle-after) so the debugger stays attached`,
    coerce: optionalPort("inspect", INSPECT_PORT),
  },
  prompt: {
    defaultDescription: "on in a terminal",
    type: "boolean",
    describe:
      "Read messages and /commands from the terminal as the dev person; on by default when standard input is a terminal",
  },
} as const satisfies Record<string, FlagSpec>;

/** Parsed `chatbot dev` flags. */
export interface DevFlags {
  entry: string;
  host: string;
  port: number;
  "server-url"?: string | undefined;
  fresh: boolean;
  "manual-clock": boolean;
  log: boolean;
  typecheck: boolean;
  "recycle-after": number;
  /** The inspector's port on the bot's code, when `--inspect` is given. */
  inspect?: number | undefined;
  prompt?: boolean | undefined;
}
