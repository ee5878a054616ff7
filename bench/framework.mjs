// Framework benchmark (issue 12), three measures in one run:
// 1. Per-event overhead of the framework's dispatch: decode (JSON.parse), the world view's update
//    (the author met), two event middlewares, DI resolution of the listener and the handler call, against the floor of JSON.parse + a map
//    lookup + a direct call on the same frames, in ns per event (BENCH_EVENTS, default 200,000).
//    Target: overhead under 2 µs.
// 2. A bot with 50 commands already in sync, from start() to ready, against the reference server:
//    p50 over BENCH_STARTS (default 10) starts, and the number of command writes they made (the
//    server's request log is read). Target: under 300 ms, with no write.
// 3. Command use to answer, p99, trivial handler: a framework bot against a bot on the SDK alone
//    (@chatbot/rest + @chatbot/gateway), one use at a time, BENCH_USES (default 1,000) each, in
//    BENCH_USE_ROUNDS (default 5) turns, each after a warm-up, same server, same client code.
//    Target: within 1.3 times.
// The bots are built by hand from the decorators (this file is plain JavaScript).
import { mkdirSync, writeFileSync } from "node:fs";
import { benchMessage } from "./lib/message-payload.mjs";
import { startReferenceServer, stop } from "./lib/processes.mjs";
import { benchWorld } from "./lib/world.mjs";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const STARTS = Number(process.env.BENCH_STARTS ?? 10);
const USES = Number(process.env.BENCH_USES ?? 1_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100);
const ROUNDS = Number(process.env.BENCH_USE_ROUNDS ?? 5);

// BENCH_OTEL=sdk registers the OpenTelemetry SDK first (in-memory exporters, a context manager),
// as an application that exports traces and metrics would; bench/telemetry.mjs compares the two.
if (process.env.BENCH_OTEL === "sdk") {
  const { context, metrics, trace } = await import("@opentelemetry/api");
  const { AsyncLocalStorageContextManager } = await import("@opentelemetry/context-async-hooks");
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } =
    await import("@opentelemetry/sdk-trace-base");
  const { InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader, AggregationTemporality } =
    await import("@opentelemetry/sdk-metrics");
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const spans = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }),
  );
  const reader = new PeriodicExportingMetricReader({
    exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
    exportIntervalMillis: 1_000,
  });
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  // Finished spans are dropped now and then, as an exporter sending them away would.
  setInterval(() => spans.reset(), 1_000).unref();
}

const fw = await import("../packages/framework/dist/index.js");
const { RestClient } = await import("../packages/rest/dist/index.js");
const { GatewayClient } = await import("../packages/gateway/dist/index.js");
const { Command, CommandContext, createBot, On, singleton } = fw;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const ms = (n) => Number(n.toFixed(2));

// ---------------------------------------------------------------------------------------------
// 1. Per-event overhead.

async function eventOverhead() {
  const frames = [];
  for (let i = 0; i < 1_000; i++) {
    frames.push(JSON.stringify({ op: "dispatch", t: "MESSAGE_CREATE", s: i + 2, d: benchMessage(i) }));
  }
  let handled = 0;
  class Counter {
    seen() {
      handled += 1;
    }
  }
  On("MESSAGE_CREATE")(Counter.prototype, "seen", Object.getOwnPropertyDescriptor(Counter.prototype, "seen"));
  singleton()(Counter);
  const pass = async (_ctx, next) => next();
  const rest = new RestClient({ token: "bench", baseUrl: "http://127.0.0.1:9" });
  const gateway = new GatewayClient({ token: "bench", intents: [], rest });
  const bot = createBot({
    token: "bench",
    baseUrl: "http://127.0.0.1:9",
    listeners: [Counter],
    eventMiddleware: [pass, pass],
    connection: { rest, gateway, ready: { userId: "1", guilds: [] } },
    sync: false,
    logger: "silent",
  });
  await bot.start();
  // The world view is on, as in every bot: the messages' server is in it, and each message's
  // author is met (kept among the server's members) as the event goes through.
  if (!process.env.NO_WORLD)
    bot.world.load({
      id: "100000000000004001",
      name: "bench",
      description: null,
      icon_id: null,
      owner_id: "100000000000001001",
      channels: [
        {
          id: "100000000000005001",
          guild_id: "100000000000004001",
          name: "general",
          kind: "text",
          topic: null,
          position: 0,
          category_id: null,
          slowmode_seconds: 0,
          permissions: ["view_channels", "send_messages"],
        },
      ],
      categories: [],
      roles: [],
      me: { roles: [], permissions: ["view_channels", "send_messages"] },
      scopes: ["messages.read"],
      intents: ["guilds", "guild_messages"],
      emojis: [],
    });

  // Frames come off a socket a few at a time: each path yields to the event loop every 100 frames
  // (as a socket's reads do), so the handlers of one batch finish before the next arrives.
  const yieldNow = () => new Promise((resolve) => setImmediate(resolve));
  const run = async (n, one) => {
    const target = handled + n;
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      one(frames[i % frames.length]);
      if (i % 100 === 99) await yieldNow();
    }
    while (handled < target) await yieldNow();
    return Number(process.hrtime.bigint() - start) / n;
  };
  const viaFramework = (n) =>
    run(n, (text) => {
      const frame = JSON.parse(text);
      bot.receive({ name: frame.t, data: frame.d });
    });
  const floorHandlers = new Map([["MESSAGE_CREATE", () => (handled += 1)]]);
  const floor = (n) =>
    run(n, (text) => {
      const frame = JSON.parse(text);
      floorHandlers.get(frame.t)(frame.d);
    });
  await viaFramework(20_000);
  await floor(20_000);
  const rounds = [];
  for (let r = 0; r < 5; r++)
    rounds.push({ framework: await viaFramework(EVENTS / 5), floor: await floor(EVENTS / 5) });
  const median = (key) => rounds.map((r) => r[key]).sort((a, b) => a - b)[2];
  const framework = median("framework");
  const base = median("floor");
  await bot.stop();
  await rest.close();
  return { framework, floor: base, overhead: framework - base };
}

// ---------------------------------------------------------------------------------------------
// 2. Fifty commands already in sync: start() to ready, and no command write.

function commandClasses(count) {
  const classes = [];
  for (let i = 0; i < count; i++) {
    const C = class {
      async run(ctx) {
        await ctx.reply("pong");
      }
    };
    Object.defineProperty(C, "name", { value: `Command${i}` });
    Reflect.defineMetadata("design:paramtypes", [CommandContext], C.prototype, "run");
    Command({ name: `command-${i}`, description: `The command number ${i}` })(C);
    classes.push(C);
  }
  return classes;
}

async function startInSync(server, world, writes) {
  const commands = commandClasses(50);
  const first = createBot({ token: world.token, baseUrl: server.baseUrl, commands, logger: "silent" });
  await first.start(); // registers the 50 commands
  await first.stop();
  const before = writes();
  const times = [];
  for (let i = 0; i < STARTS; i++) {
    const bot = createBot({ token: world.token, baseUrl: server.baseUrl, commands, logger: "silent" });
    const start = performance.now();
    await bot.start();
    times.push(performance.now() - start);
    await bot.stop();
    // The service allows 5 identifies in 5 s: pace the starts so none waits on that limit.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
  }
  const sorted = times.sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), max: sorted.at(-1), writes: writes() - before };
}

// ---------------------------------------------------------------------------------------------
// 3. Use to answer: framework bot against an SDK-only bot.

// The answer is seen where it lands: the server's request log prints each callback it answered.
const answered = new Map();
const answeredEarly = new Set();
function watchCallbacks(server) {
  let rest = "";
  server.child.stdout.on("data", (chunk) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop();
    for (const line of lines) {
      const match = /POST \/v1\/interactions\/(\d+)\/callback 204 /.exec(line);
      if (!match) continue;
      const waiting = answered.get(match[1]);
      if (waiting) waiting();
      else answeredEarly.add(match[1]);
    }
  });
}

async function roundTrips(server, world, count) {
  const headers = { "content-type": "application/json", "x-dev-user": world.ownerId };
  const body = JSON.stringify({ name: "ping" });
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    let done;
    const callback = new Promise((resolve) => (done = resolve));
    const use = await fetch(`${server.baseUrl}/dev/v1/channels/${world.channelId}/interactions`, {
      method: "POST",
      headers,
      body,
    }).then((r) => r.json());
    if (use.state !== "delivered") throw new Error(`use: ${JSON.stringify(use)}`);
    if (!answeredEarly.delete(use.id)) {
      answered.set(use.id, done);
      await callback;
      answered.delete(use.id);
    }
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

// The server runs without rate limits: both bots lift the client's own 50-per-second global limit
// too, or it (rightly) paces 300 answers a second and the figures measure that limit.
async function sdkBot(server, world) {
  const rest = new RestClient({ token: world.token, baseUrl: server.baseUrl, globalLimit: Infinity });
  await rest.setGlobalCommands([{ name: "ping", description: "Answers pong" }]);
  const gateway = new GatewayClient({ token: world.token, rest, intents: ["guilds"] });
  gateway.on("INTERACTION_CREATE", async (interaction) => {
    await rest.createInteractionResponse(interaction.id, { type: 4, data: { content: "pong" } });
  });
  const ready = new Promise((resolve) => gateway.once("ready", resolve));
  await gateway.connect();
  await ready;
  return async () => {
    await gateway.close();
    await rest.close();
  };
}

async function frameworkBot(server, world) {
  class Ping {
    async run(ctx) {
      await ctx.reply("pong");
    }
  }
  Reflect.defineMetadata("design:paramtypes", [CommandContext], Ping.prototype, "run");
  Command({ name: "ping", description: "Answers pong" })(Ping);
  const bot = createBot({
    token: world.token,
    baseUrl: server.baseUrl,
    commands: [Ping],
    logger: "silent",
    rest: { globalLimit: Infinity },
  });
  await bot.start();
  return () => bot.stop();
}

// The two bots take turns, ROUNDS times, each round a connect, a warm-up and USES / ROUNDS uses, and
// each bot's uses are pooled: a tail at the p99 is a handful of uses, and a burst of load elsewhere
// on the machine during one bot's only turn would otherwise decide the ratio.
async function useToAnswer(server, world) {
  const pooled = { sdk: [], framework: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, make] of [
      ["sdk", sdkBot],
      ["framework", frameworkBot],
    ]) {
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      const close = await make(server, world);
      await roundTrips(server, world, WARMUP);
      pooled[name].push(...(await roundTrips(server, world, Math.ceil(USES / ROUNDS))));
      await close();
    }
  }
  const result = {};
  for (const [name, times] of Object.entries(pooled)) {
    const sorted = times.sort((a, b) => a - b);
    result[name] = { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    if (process.env.BENCH_DEBUG)
      console.log(
        name,
        sorted
          .slice(-12)
          .map((t) => t.toFixed(1))
          .join(" "),
      );
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

const events = await eventOverhead();
console.table([
  { measure: "JSON.parse + map lookup + direct call (floor)", ns_per_event: Math.round(events.floor) },
  { measure: "framework: decode, 2 middlewares, DI, handler", ns_per_event: Math.round(events.framework) },
]);
console.log(`framework dispatch overhead ${Math.round(events.overhead)} ns per event (target < 2,000 ns)`);

const server = await startReferenceServer(["--log"]);
watchCallbacks(server);
let commandWrites = 0;
server.child.stdout.on("data", (chunk) => {
  commandWrites += (chunk.toString().match(/\] PUT \/v1\/applications\/\S+\/commands /g) ?? []).length;
});
try {
  const world = await benchWorld(server.baseUrl, { history: 0, intents: ["guilds"] });
  const sync = await startInSync(server, world, () => commandWrites);
  console.log(
    `50 commands in sync: start() to ready p50 ${ms(sync.p50)} ms, max ${ms(sync.max)} ms over ${STARTS} starts (target < 300 ms), command writes: ${sync.writes} (target 0)`,
  );
  const trips = await useToAnswer(server, world);
  console.table([
    {
      bot: "SDK alone (@chatbot/rest + @chatbot/gateway)",
      p50_ms: ms(trips.sdk.p50),
      p99_ms: ms(trips.sdk.p99),
    },
    { bot: "@chatbot/framework", p50_ms: ms(trips.framework.p50), p99_ms: ms(trips.framework.p99) },
  ]);
  console.log(
    `use to answer p99: framework ${(trips.framework.p99 / trips.sdk.p99).toFixed(2)}x the SDK-only bot (target <= 1.3x)`,
  );
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  writeFileSync(
    new URL(`./results/framework-${process.env.BENCH_OTEL ?? "none"}.json`, import.meta.url),
    JSON.stringify({ events, trips }, null, 2),
  );
} finally {
  await stop(server.child);
}
