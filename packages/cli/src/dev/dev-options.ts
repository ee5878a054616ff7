import type { FlagSpec } from "../flag-spec.js";
import { httpUrl, nonEmpty, wholeNumber } from "../flag-values.js";

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
      "Type-check the project in the background (its tsconfig.json, incremental) and print type errors without holding back reloads",
  },
  "recycle-after": {
    value: "n",
    requiresArg: true,
    default: 20,
    describe:
      "Run the bot's code in a fresh worker thread after this many reloads, which frees the memory of the earlier ones (1 for a fresh thread on every save)",
    coerce: wholeNumber("recycle-after", 1, 1_000_000),
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
  prompt?: boolean | undefined;
}
