// What the cluster benchmarks share: the world they run in (a person and eight servers with the app
// installed) and the bot's processes (bench/lib/cluster-node.mjs), each a child of the benchmark.
import { spawnUntil } from "./processes.mjs";
import { dev } from "./world.mjs";

/** How many servers the world has; messages go round them, so they spread over the partitions. */
export const SERVERS = 8;

/** A person, eight servers with the app installed in each, and each server's first channel. */
export async function clusterWorld(baseUrl) {
  const owner = await dev(baseUrl, "POST", "/users", { username: "bench_owner", name: "Bench Owner" });
  const app = await dev(baseUrl, "POST", "/apps", { name: "Cluster bench" });
  const channels = [];
  for (let i = 0; i < SERVERS; i++) {
    const guild = await dev(baseUrl, "POST", "/guilds", { name: `Bench ${i}`, owner_id: owner.id });
    await dev(
      baseUrl,
      "POST",
      `/guilds/${guild.id}/installs`,
      {
        application_id: app.application.id,
        scopes: ["commands", "messages.read", "messages.send", "message_content"],
        intents: ["guilds", "guild_messages", "message_content"],
        permissions: ["view_channels", "send_messages", "read_message_history"],
      },
      owner.id,
    );
    channels.push(guild.channels[0].id);
  }
  return { token: app.token, appId: app.application.id, ownerId: owner.id, channels };
}

/**
 * Starts one process of the bot (`role` gateway, worker or single) on `redis` ("-" for single) and
 * resolves with the child once it is ready; each message costs it `handlerMs` of CPU.
 */
export async function startNode(role, id, redis, w, server, handlerMs) {
  const { child } = await spawnUntil(
    [
      "bench/lib/cluster-node.mjs",
      role,
      id,
      redis,
      w.token,
      server.baseUrl,
      server.gatewayUrl,
      String(handlerMs),
    ],
    new RegExp(`ready ${id}`),
  );
  return child;
}

/** Posts a message as the world's person in server `i % SERVERS`'s channel. */
export function post(server, w, i, content) {
  return dev(server.baseUrl, "POST", `/channels/${w.channels[i % SERVERS]}/messages`, { content }, w.ownerId);
}

/** `sorted`'s `q` quantile (nearest rank). */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
