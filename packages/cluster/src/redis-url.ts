import { Redis, type RedisOptions } from "ioredis";
import { ClusterOptionsError } from "./cluster-error.js";

/** Sentinel's own port, for a host of a `redis+sentinel://` URL given without one. */
const SENTINEL_PORT = 26379;

/** ioredis's options, as its constructor takes them (its `replyMapping` is typed apart). */
export type RedisClientOptions = Omit<RedisOptions, "replyMapping">;

/** The `redis` option read: a URL ioredis takes as it is, or the options of a Sentinel group. */
export type RedisTarget =
  | { readonly kind: "url"; readonly url: string }
  | { readonly kind: "sentinel"; readonly options: RedisClientOptions };

const FORMS =
  "a redis:// or rediss:// URL, or redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/<name>[/<db>]";

/** The URL with its passwords hidden, for an error message. */
function shown(url: string): string {
  return JSON.stringify(
    url.replace(/\/\/([^@/:]*):[^@/]*@/, "//$1:***@").replace(/([?&]sentinelPassword=)[^&#]*/, "$1***"),
  );
}

function fail(url: string, rule: string): never {
  throw new ClusterOptionsError(`redis ${rule}, got ${shown(url)}`);
}

function decoded(url: string, part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return fail(url, `must have a percent-encoded ${what}`);
  }
}

/** `host`, `host:port`, `[::1]` or `[::1]:port`, each port 1 to 65535. */
function sentinelAddress(url: string, text: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::(\d+))?$/.exec(text);
  if (!match)
    fail(url, `lists Sentinels as host[:port] separated by commas, and ${JSON.stringify(text)} is not one`);
  const port = match[3] === undefined ? SENTINEL_PORT : Number(match[3]);
  if (port < 1 || port > 65_535) fail(url, `has Sentinel ports from 1 to 65535, and ${text} is not one`);
  return { host: match[1] ?? match[2]!, port };
}

/**
 * Reads the cluster's `redis` option: `redis://` and `rediss://` go to ioredis as they are;
 * `redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/<name>[/<db>]` (the form
 * RedisVL and other Python libraries give Sentinel URLs) names the Sentinels (port 26379 by
 * default) and the group they watch; the user and password are the Redis servers', and the query
 * may carry `sentinelUsername` and `sentinelPassword` for the Sentinels themselves. Throws
 * {@link ClusterOptionsError} naming `redis` and the rule it broke.
 */
export function redisTargetOf(url: unknown): RedisTarget {
  if (typeof url !== "string") {
    throw new ClusterOptionsError(`redis must be ${FORMS}, got ${JSON.stringify(url)}`);
  }
  if (/^rediss?:\/\//.test(url)) return { kind: "url", url };
  if (!url.startsWith("redis+sentinel://")) fail(url, `must be ${FORMS}`);
  const match =
    /^redis\+sentinel:\/\/(?:([^@/?#]*)@)?([^/?#]*)(?:\/([^/?#]*))?(?:\/([^/?#]*))?\/?(?:\?([^#]*))?$/.exec(
      url,
    );
  if (!match) fail(url, `must be ${FORMS}`);
  const [, userinfo, hosts = "", rawName = "", rawDb, query = ""] = match;
  if (hosts === "") fail(url, "must list at least one Sentinel: redis+sentinel://host[:port]/<name>");
  const sentinels = hosts.split(",").map((host) => sentinelAddress(url, host));
  const name = decoded(url, rawName, "name");
  // Sentinel's own rule for a group's name (sentinel.conf): letters, digits and . - _
  if (!/^[A-Za-z0-9._-]+$/.test(name)) {
    fail(url, "must end with the name of the group the Sentinels watch (letters, digits, . - _): …/mymaster");
  }
  const options: RedisClientOptions = { sentinels, name };
  if (rawDb !== undefined && rawDb !== "") {
    if (!/^\d+$/.test(rawDb)) fail(url, "must have a whole database number after the name: …/mymaster/0");
    options.db = Number(rawDb);
  }
  if (userinfo !== undefined) {
    const colon = userinfo.indexOf(":");
    const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
    const password = colon < 0 ? "" : userinfo.slice(colon + 1);
    if (user !== "") options.username = decoded(url, user, "user");
    if (password !== "") options.password = decoded(url, password, "password");
  }
  for (const [key, value] of new URLSearchParams(query)) {
    if (key === "sentinelUsername") options.sentinelUsername = value;
    else if (key === "sentinelPassword") options.sentinelPassword = value;
    else
      fail(url, `takes only sentinelUsername and sentinelPassword in its query, not ${JSON.stringify(key)}`);
  }
  return { kind: "sentinel", options };
}

/**
 * A client of `target` with `common` options. A Sentinel group's client asks the Sentinels for the
 * primary on every connection and checks the server it reached is one, so after a failover it
 * reconnects to the promoted replica; a command answered `READONLY` (by a primary demoted while
 * alive, which keeps its connections) reconnects and is sent again. Its `duplicate()`s carry the
 * same options. Not ioredis's `failoverDetector`: a `+switch-master` that arrives while the client
 * is reconnecting ends the client for good (ioredis 6.0 rejects the connection attempt, and a
 * rejected attempt is final), which a node would never recover from.
 */
export function connectRedis(target: RedisTarget, common: RedisClientOptions): Redis {
  if (target.kind === "url") return new Redis(target.url, common);
  return new Redis({
    ...common,
    ...target.options,
    reconnectOnError: (error) => (error.message.startsWith("READONLY") ? 2 : false),
  });
}
