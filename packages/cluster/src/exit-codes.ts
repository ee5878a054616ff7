/** Exit codes of `chatbot-cluster`. */
export const CLUSTER_EXIT = {
  /** Stopped by SIGTERM or SIGINT, after handing over what it held. */
  stopped: 0,
  /** It could not start (Redis, the service, or the bot's code), or the gateway stopped for good. */
  failed: 1,
  /** A flag or an environment variable is wrong. */
  usage: 2,
} as const;
