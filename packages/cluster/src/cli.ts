import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type BotDefinition,
  exitCodeFor,
  observe,
  type ObserveServer,
  startedByNpm,
  watchParent,
} from "@chatbot/framework";
import yargs from "yargs";
import { CLUSTER_EXIT } from "./exit-codes.js";
import { redisTargetOf } from "./redis-url.js";
import { type ClusterNode, type ClusterRole, startClusterNode } from "./start-cluster-node.js";

/** The flags, declared once: registered with yargs, and each with its environment variable. */
const OPTIONS = {
  redis: {
    type: "string",
    describe:
      "The Redis URL, redis://, rediss:// or redis+sentinel://host[:port][,host[:port]...]/<name>; default $REDIS_URL",
  },
  role: {
    type: "string",
    choices: ["gateway", "worker", "both"],
    describe: "What this process does; default $CHATBOT_ROLE, else both",
  },
  token: { type: "string", describe: "The bot token; default $CHATBOT_TOKEN" },
  "base-url": { type: "string", describe: "The service's base URL; default $CHATBOT_BASE_URL" },
  "gateway-url": {
    type: "string",
    describe: "The gateway URL; default $CHATBOT_GATEWAY_URL, else asked of the service",
  },
  partitions: { type: "number", describe: "Partitions of the server events (16); the same in every process" },
  "node-id": {
    type: "string",
    describe: "This process's id in the cluster; default host, pid and a random suffix",
  },
  "observe-port": {
    type: "number",
    describe: "Serve /healthz, /readyz and /metrics on this port; default $CHATBOT_OBSERVE_PORT, else off",
  },
  "observe-host": {
    type: "string",
    describe: "Where to serve them; default $CHATBOT_OBSERVE_HOST, else 127.0.0.1",
  },
  "stop-timeout": {
    type: "number",
    describe: "Milliseconds a graceful stop may take before the process exits 1 (10000)",
  },
} as const;

function fail(message: string): never {
  process.stderr.write(`chatbot-cluster: ${message}\n`);
  process.exit(CLUSTER_EXIT.usage);
}

/**
 * `chatbot-cluster [entry]`: loads the bot's built definition (the default export of `entry`,
 * `dist/bot.js` by default) and starts one process of its cluster. SIGTERM or SIGINT stops it
 * gracefully: the connection goes to a standby at once, running handlers end, partitions move.
 */
export async function main(argv: readonly string[], env = process.env): Promise<void> {
  const flags = await yargs([...argv])
    .scriptName("chatbot-cluster")
    .command("$0 [entry]", "One process of a bot on many, on Redis", (y) =>
      y.positional("entry", {
        type: "string",
        default: "dist/bot.js",
        describe: "The built file that default-exports defineBot({ ... })",
      }),
    )
    .options(OPTIONS)
    .strict()
    .fail((message, error) => fail(message ?? String(error)))
    .parse();
  const redis = flags.redis ?? env.REDIS_URL;
  const role = (flags.role ?? env.CHATBOT_ROLE ?? "both") as ClusterRole;
  const token = flags.token ?? env.CHATBOT_TOKEN;
  const baseUrl = flags["base-url"] ?? env.CHATBOT_BASE_URL;
  const gatewayUrl = flags["gateway-url"] ?? env.CHATBOT_GATEWAY_URL;
  if (!redis) fail("the Redis URL is missing: set REDIS_URL or give --redis");
  try {
    redisTargetOf(redis);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (!token) fail("the bot token is missing: set CHATBOT_TOKEN or give --token");
  if (!baseUrl) fail("the service's address is missing: set CHATBOT_BASE_URL or give --base-url");
  if (!["gateway", "worker", "both"].includes(role))
    fail(`--role must be gateway, worker or both, got ${role}`);
  const stopTimeoutMs = flags["stop-timeout"] ?? 10_000;
  if (!Number.isInteger(stopTimeoutMs) || stopTimeoutMs < 1) {
    fail(`--stop-timeout must be a whole number of milliseconds of at least 1, got ${stopTimeoutMs}`);
  }
  const entry = resolve(String(flags.entry));
  if (!existsSync(entry)) fail(`the entry ${entry} does not exist (build the bot first)`);
  const loaded = (await import(pathToFileURL(entry).href)) as { default?: BotDefinition };
  if (!loaded.default || typeof loaded.default !== "object") {
    fail(`${entry} has no default export: export default defineBot({ ... })`);
  }
  let node: ClusterNode;
  try {
    node = await startClusterNode(loaded.default, {
      redis,
      role,
      token,
      baseUrl,
      ...(gatewayUrl !== undefined && { gatewayUrl }),
      ...(flags.partitions !== undefined && { partitions: flags.partitions }),
      ...(flags["node-id"] !== undefined && { nodeId: flags["node-id"] }),
    });
  } catch (error) {
    const code = exitCodeFor(error);
    process.stderr.write(
      `chatbot-cluster: could not start: ${error instanceof Error ? error.message : String(error)} (exit code ${code})\n`,
    );
    process.exit(code);
  }
  const observePort =
    flags["observe-port"] ?? (env.CHATBOT_OBSERVE_PORT ? Number(env.CHATBOT_OBSERVE_PORT) : undefined);
  let observed: ObserveServer | null = null;
  if (observePort !== undefined) {
    try {
      observed = await observe(node, {
        port: observePort,
        host: flags["observe-host"] ?? (env.CHATBOT_OBSERVE_HOST || "127.0.0.1"),
      });
    } catch (error) {
      await node.stop();
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  process.stdout.write(
    `ready node=${node.nodeId} role=${role}${observed ? ` observe_url=${observed.url}` : ""}\n`,
  );
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    const since = performance.now();
    node.logger.info(`${why}: stopping`);
    // Whatever holds the stop (a handler that never ends, Redis that does not answer), the process
    // ends within its stop timeout, as npm start does: an orchestrator's next step never waits on it.
    setTimeout(() => {
      node.logger.error(
        `still stopping ${stopTimeoutMs} ms after ${why}; exiting (exit code ${CLUSTER_EXIT.failed})`,
      );
      process.exit(CLUSTER_EXIT.failed);
    }, stopTimeoutMs).unref();
    void node
      .stop()
      .then(() => observed?.close())
      .then(
        () => {
          const ms = Math.round(performance.now() - since);
          node.logger.info(`stopped in ${ms} ms after ${why} (exit code ${CLUSTER_EXIT.stopped})`);
          process.exit(CLUSTER_EXIT.stopped);
        },
        (error: unknown) => {
          node.logger.error(`the stop failed (exit code ${CLUSTER_EXIT.failed})`, error);
          process.exit(CLUSTER_EXIT.failed);
        },
      );
  };
  process.once("SIGTERM", () => stop("SIGTERM received"));
  process.once("SIGINT", () => stop("SIGINT received"));
  // `npx chatbot-cluster` runs this through a shell that dies on SIGTERM without passing it on: the
  // node stops when the npm process that started it is gone.
  if (startedByNpm(env)) watchParent(() => stop("the npm process that started it is gone"));
  const ended = await node.gateway?.ended;
  if (ended) {
    const code = exitCodeFor(ended);
    process.stderr.write(
      `chatbot-cluster: the gateway stopped for good: ${ended.message} (exit code ${code})\n`,
    );
    await node.stop();
    process.exit(code);
  }
}
