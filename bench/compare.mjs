// Compares this checkout with another one (before a redesign, say) in one run, so that the machine's
// swings weigh on both alike: `node bench/compare.mjs <other checkout> [server] [framework]
// [rest-client] [testing-world]`. Both checkouts must be built (`npm run build`). Each part loads both builds into
// one process and alternates them in short slices, scoring each slice's CPU per unit of work:
//   server       both checkouts' `startServer`, the same REST load from a child process on each:
//                CPU per request for GET @me, a history page and a post;
//   framework    both checkouts' bots handed the same MESSAGE_CREATE events: CPU per event;
//   rest-client  both checkouts' RestClient against this checkout's server: calls per second and
//                CPU per call;
//   testing-world  both checkouts' createTestWorld as bench/testing-world.mjs makes it (ready with
//                a connected bot), then the same world's people saying 20 messages through the
//                dev API's client: milliseconds per world, and per message said.
// (testing-world is left out unless named, as the other parts never load the testing package.)
// Each figure is the median over the slices of this checkout's value over the other's (below 1 is
// cheaper here). Comparing a checkout with itself shows the noise of the machine: run that too.
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { benchMessage } from "./lib/message-payload.mjs";
import { ROOT, startReferenceServer, stop } from "./lib/processes.mjs";
import { compareTestingWorld } from "./lib/compare-testing-world.mjs";
import { benchWorld, dev } from "./lib/world.mjs";

const [otherArg, ...parts] = process.argv.slice(2);
if (!otherArg)
  throw new Error(
    "usage: node bench/compare.mjs <other checkout> [server] [framework] [rest-client] [testing-world]",
  );
const SLICES = Number(process.env.BENCH_SLICES ?? 12);
const checkouts = [
  { name: "this", root: resolve(ROOT) },
  { name: "other", root: resolve(otherArg) },
];
for (const { root } of checkouts) {
  for (const pkg of ["server", "framework", "rest", "gateway"]) {
    const entry = `${root}/packages/${pkg}/dist/index.js`;
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build in ${root}`);
  }
}
const chosen = parts.length > 0 ? parts : ["server", "framework", "rest-client"];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpuMicros = (since) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

/** Runs `slice(side)` for both sides in turn, alternating who goes first; returns the pairs. */
async function alternate(slice) {
  await slice(checkouts[0]);
  await slice(checkouts[1]);
  const pairs = [];
  for (let i = 0; i < SLICES; i++) {
    const order = i % 2 ? [checkouts[1], checkouts[0]] : checkouts;
    const values = {};
    for (const side of order) values[side.name] = await slice(side);
    pairs.push(values);
  }
  return pairs;
}

function row(name, unit, pairs, key = (v) => v) {
  return {
    case: name,
    [`this_${unit}`]: Number(median(pairs.map((p) => key(p.this))).toFixed(1)),
    [`other_${unit}`]: Number(median(pairs.map((p) => key(p.other))).toFixed(1)),
    this_over_other: Number(median(pairs.map((p) => key(p.this) / key(p.other))).toFixed(3)),
  };
}

async function compareServer() {
  const load = fork(`${ROOT}/bench/lib/load-child.mjs`);
  await new Promise((done) => load.once("message", done));
  const run = (options) =>
    new Promise((done) => {
      load.once("message", done);
      load.send(options);
    });
  const servers = {};
  for (const side of checkouts) {
    const { startServer } = await import(`${side.root}/packages/server/dist/index.js`);
    const server = await startServer({ port: 0, rateLimits: false });
    const world = await benchWorld(server.baseUrl);
    servers[side.name] = { server, world, headers: { authorization: `Bot ${world.token}` } };
  }
  const cases = [
    ["GET /v1/users/@me", () => ({ path: "/v1/users/@me" })],
    [
      "GET /v1/channels/{id}/messages?limit=50",
      (w) => ({ path: `/v1/channels/${w.channelId}/messages?limit=50` }),
    ],
    [
      "POST /v1/channels/{id}/messages",
      (w) => ({ path: `/v1/channels/${w.channelId}/messages`, method: "POST", body: '{"content":"bench"}' }),
    ],
  ];
  const rows = [];
  for (const [name, make] of cases) {
    const pairs = await alternate(async (side) => {
      const { server, world, headers } = servers[side.name];
      const { path, ...rest } = make(world);
      const since = process.cpuUsage();
      const answer = await run({
        url: `${server.baseUrl}${path}`,
        duration: 2,
        headers: { ...headers, "content-type": "application/json" },
        ...rest,
      });
      if (answer.error || answer.non2xx)
        throw new Error(`${name}: ${answer.error ?? `${answer.non2xx} non-2xx`}`);
      return cpuMicros(since) / answer.total;
    });
    rows.push(row(name, "cpu_us_per_request", pairs));
  }
  load.send("exit");
  for (const { server } of Object.values(servers)) await server.close();
  console.table(rows);
}

async function compareFramework() {
  const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
  const bots = {};
  for (const side of checkouts) {
    const fw = await import(`${side.root}/packages/framework/dist/index.js`);
    const { RestClient } = await import(`${side.root}/packages/rest/dist/index.js`);
    const { GatewayClient } = await import(`${side.root}/packages/gateway/dist/index.js`);
    const counter = { handled: 0 };
    class Counter {
      seen() {
        counter.handled += 1;
      }
    }
    fw.On("MESSAGE_CREATE")(
      Counter.prototype,
      "seen",
      Object.getOwnPropertyDescriptor(Counter.prototype, "seen"),
    );
    fw.singleton()(Counter);
    const pass = async (_ctx, next) => next();
    const rest = new RestClient({ token: "bench", baseUrl: "http://127.0.0.1:9" });
    const gateway = new GatewayClient({ token: "bench", intents: [], rest });
    const bot = fw.createBot({
      token: "bench",
      baseUrl: "http://127.0.0.1:9",
      listeners: [Counter],
      eventMiddleware: [pass, pass],
      connection: { rest, gateway, ready: { userId: "1", guilds: [] } },
      sync: false,
      logger: "silent",
    });
    await bot.start();
    bots[side.name] = { bot, rest, counter };
  }
  const frames = Array.from({ length: 1_000 }, (_, i) => JSON.stringify(benchMessage(i)));
  const turn = () => new Promise((done) => setImmediate(done));
  const pairs = await alternate(async (side) => {
    const { bot, counter } = bots[side.name];
    const target = counter.handled + EVENTS;
    const since = process.cpuUsage();
    for (let i = 0; i < EVENTS; i++) {
      bot.receive({ name: "MESSAGE_CREATE", data: JSON.parse(frames[i % frames.length]) });
      if (i % 100 === 99) await turn();
    }
    while (counter.handled < target) await turn();
    return (cpuMicros(since) * 1000) / EVENTS;
  });
  for (const { bot, rest } of Object.values(bots)) {
    await bot.stop();
    await rest.close();
  }
  console.table([row("MESSAGE_CREATE: decode, 2 middlewares, DI, handler", "cpu_ns_per_event", pairs)]);
}

async function compareRestClient() {
  const ref = await startReferenceServer();
  const world = await benchWorld(ref.baseUrl, { history: 0 });
  const channels = [world.channelId];
  for (let i = 1; i < 50; i++) {
    const body = { name: `bench-${i}`, kind: "text" };
    channels.push(
      (await dev(ref.baseUrl, "POST", `/guilds/${world.guildId}/channels`, body, world.ownerId)).id,
    );
  }
  const clients = {};
  for (const side of checkouts) {
    const { RestClient } = await import(`${side.root}/packages/rest/dist/index.js`);
    clients[side.name] = new RestClient({ token: world.token, baseUrl: ref.baseUrl, globalLimit: Infinity });
  }
  let sequence = 0;
  const cases = [
    ["GET /v1/users/@me", (rest) => rest.getMe()],
    [
      "POST messages (50 channels)",
      (rest, i) => rest.createMessage(channels[i], { content: `m ${sequence++}` }),
    ],
  ];
  const rows = [];
  for (const [name, call] of cases) {
    const pairs = await alternate(async (side) => {
      const rest = clients[side.name];
      let done = 0;
      const end = performance.now() + 1_000;
      const since = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        channels.map(async (_, i) => {
          while (performance.now() < end) {
            await call(rest, i);
            done += 1;
          }
        }),
      );
      return { rps: done / ((performance.now() - started) / 1000), cpu: cpuMicros(since) / done };
    });
    rows.push(row(`${name}, calls/s`, "value", pairs, (v) => v.rps));
    rows.push(row(`${name}, client CPU µs per call`, "value", pairs, (v) => v.cpu));
  }
  for (const rest of Object.values(clients)) await rest.close();
  await stop(ref.child);
  console.table(rows);
}

const comparisons = {
  server: compareServer,
  framework: compareFramework,
  "rest-client": compareRestClient,
  "testing-world": () => compareTestingWorld(checkouts, alternate, row),
};
for (const part of chosen) {
  if (!comparisons[part])
    throw new Error(`unknown part "${part}"; known: ${Object.keys(comparisons).join(", ")}`);
  console.log(`\n== ${part}: this checkout (${checkouts[0].root}) against ${checkouts[1].root}`);
  await comparisons[part]();
}
process.exit(0);
