import type { Logger } from "@chatbot/framework";
import type { Redis } from "ioredis";

/**
 * Says in the log when a Redis connection is lost and when it is back, once each way (ioredis
 * reports every failed reconnect as an error; without a listener it prints them as raw stacks).
 */
export function watchRedis(client: Redis, logger: Logger, nodeId: string, name: string): void {
  let down = false;
  client.on("error", (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(`cluster: ${nodeId}: Redis unreachable (${name} connection): ${error.message}`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    logger.info(`cluster: ${nodeId}: Redis is back (${name} connection)`);
  });
}
