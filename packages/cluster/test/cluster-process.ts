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
