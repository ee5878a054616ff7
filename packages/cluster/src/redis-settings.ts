import type { Logger } from "@chatbot/framework";
import type { Redis } from "ioredis";

/** The settings of the Redis server that decide what the cluster loses in a fault. */
type Settings = Record<"appendonly" | "appendfsync" | "maxmemory-policy" | "maxmemory" | "save", string>;

/** What the cluster keeps in Redis, named in the warnings. */
const KEPT = "events not yet handled, partition state, the gateway lease, state and scheduled jobs";

/** Each setting that costs the cluster data, with what it costs; null when it is right. */
const RULES: readonly ((s: Settings) => string | null)[] = [
  (s) =>
    s.appendonly === "yes"
      ? null
      : `appendonly is ${s.appendonly}: a restart of Redis loses what it acknowledged since its last ` +
        `snapshot${s.save === "" ? " (it takes none: everything)" : ""} (${KEPT}); set appendonly yes`,
  (s) =>
    s.appendonly !== "yes" || s.appendfsync === "everysec" || s.appendfsync === "always"
      ? null
      : `appendfsync is ${s.appendfsync}: a crash of Redis's machine loses up to the operating ` +
        `system's flush interval of acknowledged writes (about 30 s on Linux); set appendfsync everysec`,
  (s) =>
    s.maxmemory === "0" || s["maxmemory-policy"] === "noeviction"
      ? null
      : `maxmemory-policy is ${s["maxmemory-policy"]} with maxmemory ${s.maxmemory}: a full Redis ` +
        `evicts keys silently (${KEPT}); set maxmemory-policy noeviction, so that a full Redis ` +
        `refuses writes and the cluster logs them`,
];

/**
 * Reads the Redis server's persistence and eviction settings and warns through `logger`, once for
 * each, about those that lose data the cluster acknowledged: no append-only file, an append-only
 * file not synced every second, eviction under `maxmemory`. A Redis that refuses `CONFIG` (a
 * managed one) is said once at `info`. Resolves with the warnings given.
 */
export async function checkRedisSettings(redis: Redis, logger: Logger): Promise<string[]> {
  let settings: Settings;
  try {
    const names = ["appendonly", "appendfsync", "maxmemory-policy", "maxmemory", "save"] as const;
    // One CONFIG GET per name: before Redis 7, CONFIG GET takes one pattern.
    const answers = await Promise.all(names.map((name) => redis.config("GET", name) as Promise<string[]>));
    settings = Object.fromEntries(names.map((name, i) => [name, answers[i]![1] ?? ""])) as Settings;
  } catch (error) {
    logger.info(
      `cluster: could not check the Redis server's settings (${error instanceof Error ? error.message : String(error)}); ` +
        "the cluster needs appendonly yes, appendfsync everysec and maxmemory-policy noeviction",
    );
    return [];
  }
  const warnings = RULES.map((rule) => rule(settings)).filter((w): w is string => w !== null);
  for (const warning of warnings) logger.warn(`cluster: Redis ${warning}`);
  return warnings;
}
