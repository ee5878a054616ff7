import type { Options } from "yargs";

/**
 * The flags of `chatbot server`, declared once: this table registers them with yargs and is what
 * `docs/cli.md` documents (a test checks the page names every flag).
 */
export const SERVER_OPTIONS = {
  host: { type: "string", default: "127.0.0.1", describe: "Address to listen on" },
  port: { type: "number", default: 8787, describe: "Port to listen on; 0 picks a free port" },
  seed: { type: "string", describe: "Load a world from this seed file at start" },
  data: {
    type: "string",
    describe:
      "Keep the world in a durable SQLite store at this path; every acknowledged change survives a crash",
  },
  "manual-clock": {
    type: "boolean",
    default: false,
    describe: "Use the controllable clock: time moves only by POST /dev/v1/clock",
  },
  "heartbeat-interval": {
    type: "number",
    default: 30_000,
    describe: "The heartbeat_interval in milliseconds sent in the gateway's hello",
  },
  "rate-limits": {
    type: "boolean",
    default: true,
    describe: "Enforce the rate limits; --no-rate-limits switches them off (load tests)",
  },
  "dev-key": {
    type: "string",
    describe: "The key /dev/v1 requires (Authorization: Dev <key>) when bound beyond loopback",
  },
} as const satisfies Record<string, Options>;

/** Parsed `chatbot server` flags. */
export interface ServerFlags {
  host: string;
  port: number;
  seed?: string | undefined;
  data?: string | undefined;
  "manual-clock": boolean;
  "heartbeat-interval": number;
  "rate-limits": boolean;
  "dev-key"?: string | undefined;
}

/** Checks the flags' values; returns an error message naming the flag and the rule, or null. */
export function checkServerFlags(flags: ServerFlags): string | null {
  if (!Number.isInteger(flags.port) || flags.port < 0 || flags.port > 65_535) {
    return `--port must be a whole number from 0 to 65535, got ${flags.port}`;
  }
  const interval = flags["heartbeat-interval"];
  if (!Number.isInteger(interval) || interval < 1 || interval > 3_600_000) {
    return `--heartbeat-interval must be a whole number of milliseconds from 1 to 3600000, got ${interval}`;
  }
  if (flags.host.trim() === "") return "--host must not be empty";
  return null;
}
