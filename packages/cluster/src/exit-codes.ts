import { EXIT_CODES } from "@chatbot/framework";

/**
 * Exit codes of `chatbot-cluster`: those of `npm start` (`EXIT_CODES` of `@chatbot/framework`) for
 * the same causes, so that an orchestrator reads both alike.
 */
export const CLUSTER_EXIT = {
  /** Stopped by SIGTERM or SIGINT, after handing over what it held. */
  stopped: EXIT_CODES.stopped,
  /** It could not start (Redis, the service, or the bot's code), or the gateway stopped for another reason. */
  failed: EXIT_CODES.crashed,
  /** A flag or an environment variable is wrong. */
  usage: EXIT_CODES.config,
  /** The token was refused (REST `401`, gateway `4004`), or the app is switched off or deleted. */
  authentication: EXIT_CODES.authentication,
  /** The service refused the intents asked for (`4013`). */
  intents: EXIT_CODES.intents,
  /** The service closed for a client bug (`4001`, `4002`, `4005`): update the packages. */
  protocol: EXIT_CODES.protocol,
} as const;
