import type { FlagSpec } from "./flag-spec.js";
import { existingFile, nonEmpty, wholeNumber } from "./flag-values.js";

/**
 * The flags of `chatbot server`, declared once: this table registers them with yargs and is what
 * `docs/cli.md` documents (a test checks the page names every flag). A flag that takes a value
 * requires one (`requiresArg`), and its `coerce` checks it, so a bad value is refused before
 * anything starts with a message naming the flag, the rule and the value given. The number flags
 * have no yargs `type`: yargs would turn `abc` into `NaN` before the check could echo it.
 */
export const SERVER_OPTIONS = {
  host: {
    value: "address",
    type: "string",
    requiresArg: true,
    default: "127.0.0.1",
    describe: "Address to listen on",
    coerce: nonEmpty("host", "an address"),
  },
  port: {
    value: "n",
    requiresArg: true,
    default: 8787,
    describe: "Port to listen on, 0 to 65535; 0 picks a free port",
    coerce: wholeNumber("port", 0, 65_535),
  },
  seed: {
    value: "file",
    type: "string",
    requiresArg: true,
    describe: "Load a world from this seed file at start (into an empty store; see --reseed)",
    coerce: existingFile("seed"),
  },
  data: {
    defaultDescription: "in memory",
    value: "path",
    type: "string",
    requiresArg: true,
    describe:
      "Keep the world in a durable SQLite store at this path (its folder is made if missing); every acknowledged change survives a crash",
    coerce: nonEmpty("data", "a file path"),
  },
  reseed: {
    type: "boolean",
    default: false,
    describe: "With --data and --seed: replace the world the store already holds with the seed",
  },
  "manual-clock": {
    defaultDescription: "the real clock",
    type: "boolean",
    default: false,
    describe: "Use the controllable clock: time moves only by POST /dev/v1/clock",
  },
  "heartbeat-interval": {
    value: "ms",
    requiresArg: true,
    default: 30_000,
    describe: "The heartbeat_interval in milliseconds sent in the gateway's hello, 1 to 3600000",
    coerce: wholeNumber("heartbeat-interval", 1, 3_600_000, " of milliseconds"),
  },
  "rate-limits": {
    type: "boolean",
    default: true,
    describe: "Enforce the rate limits; --no-rate-limits switches them off (load tests)",
  },
  inspector: {
    type: "boolean",
    default: true,
    describe:
      "Keep the inspector's record of what the service did for each app (the console, GET /dev/v1/inspector); --no-inspector switches it off",
  },
  "dev-key": {
    value: "key",
    type: "string",
    requiresArg: true,
    describe:
      "The key /dev/v1 requires (Authorization: Dev <key>), on every host; without it /dev/v1 is open on loopback and off beyond it",
    coerce: nonEmpty("dev-key", "a key"),
  },
  log: {
    defaultDescription: "on in a terminal, else off",
    type: "boolean",
    describe:
      "Print one line per /v1 call, webhook execution and gateway event; on by default when standard output is a terminal, --no-log silences it",
  },
} as const satisfies Record<string, FlagSpec>;

/** Parsed `chatbot server` flags. */
export interface ServerFlags {
  host: string;
  port: number;
  seed?: string | undefined;
  data?: string | undefined;
  reseed: boolean;
  "manual-clock": boolean;
  "heartbeat-interval": number;
  "rate-limits": boolean;
  inspector: boolean;
  "dev-key"?: string | undefined;
  /** Absent: on when standard output is a terminal. */
  log?: boolean | undefined;
}

/**
 * Checks the rules between flags (each value alone is checked by its coercion); returns an error
 * message naming the flags and the rule, or null.
 */
export function checkServerFlags(flags: ServerFlags): string | null {
  if (flags.reseed && (flags.seed === undefined || flags.data === undefined)) {
    return "--reseed needs --seed (the world to load) and --data (the store whose world it replaces)";
  }
  return null;
}
