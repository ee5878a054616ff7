import type { FlagSpec } from "../flag-spec.js";
import { httpUrl, nonEmpty } from "../flag-values.js";

/** The flags of `chatbot sync`, declared once: registered with yargs and documented in docs/cli.md. */
export const SYNC_OPTIONS = {
  "dry-run": {
    type: "boolean",
    default: false,
    describe: "Print the plan without writing anything",
  },
  token: {
    defaultDescription: "`$CHATBOT_TOKEN`",
    value: "token",
    type: "string",
    requiresArg: true,
    describe: "The bot token; default the CHATBOT_TOKEN environment variable",
    coerce: nonEmpty("token", "a token"),
  },
  "base-url": {
    defaultDescription: "`$CHATBOT_BASE_URL`",
    value: "url",
    type: "string",
    requiresArg: true,
    describe: "The service's base URL; default the CHATBOT_BASE_URL environment variable",
    coerce: httpUrl("base-url"),
  },
} as const satisfies Record<string, FlagSpec>;
