import type { ChannelKind } from "@chatbot/protocol";
import { loadSeedFile, ManualClock, type RunningServer, type SeedWorld, startServer } from "@chatbot/server";
import { AppHandle } from "./app-handle.js";
import { buildSeed } from "./build-seed.js";
import { DevApi } from "./dev-api.js";
import { WorldDescriptionError } from "./errors.js";
import { Faults } from "./faults.js";
import { ChannelHandle, type IdRef, idOf, RoleHandle, ServerHandle } from "./handles.js";
import { MessageLog } from "./message-log.js";
import type { Outcome } from "./outcome.js";
import { Person } from "./person.js";
import { TestWorld } from "./test-world.js";
import { Diagnostics } from "./diagnostics.js";
import { Waits } from "./waits.js";
import type { WorldContext } from "./world-context.js";
import type { TestWorldOptions } from "./world-description.js";
import type { AppNames, ChannelNames, Named, PeopleNames, RoleNames, ServerNames } from "./world-names.js";

/** 12 hours: a bot's real-time heartbeats stay within two intervals of the manual clock. */
const TEST_HEARTBEAT_MS = 12 * 60 * 60 * 1000;

const DESCRIPTION_KEYS = [
  "servers",
  "people",
  "app",
  "apps",
  "channels",
  "roles",
  "everyone",
  "owner",
  "members",
] as const;

function check(options: TestWorldOptions): void {
  const { timeoutMs } = options;
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new WorldDescriptionError("timeoutMs", `must be a number above 0, got ${timeoutMs}`);
  if (options.seed === undefined) {
    if (options.appName !== undefined) throw new WorldDescriptionError("appName", "only with `seed`");
    return;
  }
  for (const key of DESCRIPTION_KEYS) {
    if (options[key] !== undefined)
      throw new WorldDescriptionError(key, "give `seed` or a description, not both");
  }
}

/** The apps' tokens a seed gives (app id → token). */
function seedTokens(seed: string | SeedWorld): Map<string, string> {
  const world = (typeof seed === "string" ? loadSeedFile(seed) : seed) as SeedWorld;
  return new Map(
    (world.apps ?? []).flatMap((a) => (a.token === undefined ? [] : [[a.id, a.token] as const])),
  );
}

/** Adds `item` under `name` unless a second item has the name (then neither is kept flat). */
function flat<T>(map: Record<string, T>, clashes: Set<string>, name: string, item: T): void {
  if (clashes.has(name)) return;
  if (Object.hasOwn(map, name)) {
    delete map[name];
    clashes.add(name);
  } else map[name] = item;
}

/**
 * Starts the reference server in this process (127.0.0.1, a free port, the controllable clock, the
 * service's rate limits unless `rateLimits: false`) with the world `options` describe, or a seed.
 * Without options: one server `test` owned by `owner`, a channel `general`, and an app `bot`
 * installed with `commands`, `messages.read`, `messages.send`, `reactions`, `message_content` and
 * every non-privileged intent. Hand the bot `world.token`, `world.baseUrl` and `world.gatewayUrl`.
 */
export async function createTestWorld<const O extends TestWorldOptions = Record<never, never>>(
  options: O = {} as O,
): Promise<
  TestWorld<
    Named<O, PeopleNames<O>>,
    Named<O, ChannelNames<O>>,
    Named<O, RoleNames<O>>,
    Named<O, ServerNames<O>>,
    Named<O, AppNames<O>>
  >
> {
  check(options);
  const clock = new ManualClock(options.clockStart ?? Date.now());
  const built = options.seed === undefined ? buildSeed(options, clock.now()) : undefined;
  const running = await startServer({
    host: "127.0.0.1",
    port: 0,
    clock,
    seed: built?.seed ?? options.seed!,
    rateLimits: options.rateLimits ?? true,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? TEST_HEARTBEAT_MS,
  });
  try {
    return (await assemble(running, clock, options, built)) as never;
  } catch (error) {
    await running.close();
    throw error;
  }
}

async function assemble(
  running: RunningServer,
  clock: ManualClock,
  options: TestWorldOptions,
  built: ReturnType<typeof buildSeed> | undefined,
): Promise<TestWorld> {
  const observe = running.observe;
  const world = observe.summary();
  const dev = new DevApi(running.baseUrl);
  const diagnostics = new Diagnostics(observe);
  const waits = new Waits(observe, diagnostics);
  const log = new MessageLog(observe, waits);
  const outcomes: Outcome[] = [];
  const servers: Record<string, ServerHandle> = {};
  const serversById = new Map<string, ServerHandle>();
  const channels: Record<string, ChannelHandle> = {};
  const roles: Record<string, RoleHandle> = {};
  const clashes = { channels: new Set<string>(), roles: new Set<string>() };

  const context: WorldContext = {
    running,
    observe,
    dev,
    waits,
    diagnostics,
    log,
    clock,
    timeoutMs: options.timeoutMs ?? 2000,
    server: (ref?: IdRef) => {
      if (ref === undefined) return Object.values(servers)[0]!;
      const found = serversById.get(idOf(ref));
      if (!found) throw new WorldDescriptionError("server", `no server with id ${idOf(ref)}`);
      return found;
    },
    adoptChannel: (c) => {
      const handle = new ChannelHandle(c.id, c.name, c.guild_id, c.kind as ChannelKind);
      const server = serversById.get(c.guild_id);
      if (server) server.channels[c.name] = handle;
      flat(channels, clashes.channels, c.name, handle);
      return handle;
    },
    adoptRole: (r, serverId) => {
      const handle = new RoleHandle(r.id, r.name, serverId);
      const server = serversById.get(serverId);
      if (server) server.roles[r.name] = handle;
      flat(roles, clashes.roles, r.name, handle);
      return handle;
    },
    channelLabel: (id) => `#${observe.channelName(id) ?? id}`,
    track: (outcome) => outcomes.push(outcome),
  };

  for (const guild of world.guilds) {
    const handle = new ServerHandle(guild.id, guild.name);
    servers[guild.name] = handle;
    serversById.set(guild.id, handle);
  }
  for (const channel of [...world.channels].sort((a, b) => a.position - b.position))
    context.adoptChannel(channel);
  for (const role of world.roles) {
    if (role.managed) continue;
    context.adoptRole({ id: role.id, name: role.default ? "everyone" : role.name }, role.guild_id);
  }
  const people: Record<string, Person> = {};
  for (const user of world.users) {
    if (!user.bot) people[user.username] = new Person(context, user.id, user.username, user.name);
  }

  const tokens = built?.tokens ?? seedTokens(options.seed!);
  const apps: Record<string, AppHandle> = {};
  let app: AppHandle | undefined;
  for (const record of world.apps) {
    let token = tokens.get(record.id);
    if (token === undefined)
      token = (await dev.call("resetAppToken", { params: { app_id: record.id } })).token;
    const key = built?.appKeys.get(record.id) ?? record.name;
    const handle = new AppHandle(context, record.id, record.name, token, record.bot_user_id);
    apps[key] = handle;
    if (app === undefined && (options.appName === undefined || options.appName === key)) app = handle;
  }
  if (options.appName !== undefined && app === undefined)
    throw new WorldDescriptionError("appName", `the seed has no app named ${options.appName}`);

  return new TestWorld({
    running,
    clock,
    dev,
    waits,
    diagnostics,
    log,
    timeoutMs: context.timeoutMs,
    people,
    servers,
    channels,
    roles,
    apps,
    app,
    faults: app === undefined ? undefined : new Faults(dev, app.id),
    outcomes,
  });
}
