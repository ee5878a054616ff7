import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The `chatbot-cluster` binary, as an operator runs it. */
const BIN = fileURLToPath(new URL("../bin/chatbot-cluster.js", import.meta.url));

/** What a cluster process of a test runs: its bot file, its role and id, and where things are. */
export interface ClusterProcessOptions {
  /** The bot's built file (a fixture's path). */
  readonly bot: string;
  readonly role: "gateway" | "worker" | "both";
  readonly nodeId: string;
  readonly redisUrl: string;
  readonly world: { readonly token: string; readonly baseUrl: string; readonly gatewayUrl: string };
  /** More environment for the bot (a fixture's settings). */
  readonly env?: Readonly<Record<string, string>>;
  /** How long it may take to print `ready node=<id>` (30 s). */
  readonly readyMs?: number;
}

/**
 * Starts a real `chatbot-cluster` process (the binary, the bot's file, flags and environment, as
 * an operator would) and resolves once it printed `ready node=<id>`; rejects with what it printed
 * if it exits or takes too long. `killLater` gets the function that kills it, for the test's cleanup.
 */
export async function startClusterProcess(
  options: ClusterProcessOptions,
  killLater: (kill: () => void) => void,
): Promise<ChildProcess> {
  const { bot, role, nodeId, world } = options;
  const child = spawn(
    process.execPath,
    [BIN, bot, "--role", role, "--node-id", nodeId, "--gateway-url", world.gatewayUrl],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        REDIS_URL: options.redisUrl,
        CHATBOT_TOKEN: world.token,
        CHATBOT_BASE_URL: world.baseUrl,
        ...options.env,
      },
    },
  );
  killLater(() => void child.kill("SIGKILL"));
  let output = "";
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${nodeId} did not start:\n${output}`)),
      options.readyMs ?? 30_000,
    );
    child.stdout!.on("data", (c: Buffer) => {
      output += c.toString();
      if (output.includes(`ready node=${nodeId} `)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`${nodeId} exited with ${code}:\n${output}`)));
  });
  return child;
}

/** The kill probe's bot as a cluster's bot module (test-support/probe-bot.mjs's parts). */
const PROBE_BOT = fileURLToPath(new URL("./fixtures/probe-bot.mjs", import.meta.url));

/**
 * Starts processes of the kill probe's bot on `redisUrl` against `world`, each writing its journal
 * to `journal`, its conversations timing out after `timeout` (`PROBE_TIMEOUT`, as `"8000ms"`).
 */
export function probeProcesses(
  options: Pick<ClusterProcessOptions, "redisUrl" | "world"> & { journal: string; timeout: string },
  killLater: (kill: () => void) => void,
): (role: "gateway" | "worker", nodeId: string) => Promise<ChildProcess> {
  const { redisUrl, world, journal, timeout } = options;
  return (role, nodeId) =>
    startClusterProcess(
      {
        bot: PROBE_BOT,
        role,
        nodeId,
        redisUrl,
        world,
        env: { PROBE_JOURNAL: journal, PROBE_TIMEOUT: timeout },
      },
      killLater,
    );
}
