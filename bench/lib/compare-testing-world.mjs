// The `testing-world` part of bench/compare.mjs: both checkouts' `createTestWorld`, loaded into one
// process and alternated in slices. Each slice makes BENCH_TW_WORLDS worlds (default 10) as
// bench/testing-world.mjs does (one server, three channels, three people, the app's bot connected
// over raw `ws`) and, in each, has the people say BENCH_TW_SAYS messages (default 20) through the
// dev API's client, measuring the world's start to ready and the messages apart, each as the
// process's CPU time (the server runs in this process too), which a busy machine blurs less than
// the wall clock, and as wall time.
import { WebSocket } from "ws";

const WORLDS = Number(process.env.BENCH_TW_WORLDS ?? 10);
const SAYS = Number(process.env.BENCH_TW_SAYS ?? 20);

/** The bot: connects, identifies, resolves on READY; answers the function that stops it. */
function connectBot(world) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(world.gatewayUrl, { perMessageDeflate: false });
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.op === "hello")
        ws.send(JSON.stringify({ op: "identify", d: { token: world.token, intents: ["guilds"] } }));
      else if (frame.t === "READY") resolve(() => ws.terminate());
    });
    ws.once("error", reject);
  });
}

const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function oneWorld(createTestWorld) {
  const start = performance.now();
  const startCpu = process.cpuUsage();
  const world = await createTestWorld({
    people: ["ada", "bob", "cy"],
    channels: { general: {}, random: {}, mods: { overwrites: { everyone: { deny: ["view_channels"] } } } },
  });
  world.onClose(await connectBot(world));
  await world.app.connected();
  const ready = performance.now();
  const readyCpu = cpuMs(startCpu);
  const sayCpu = process.cpuUsage();
  const people = [world.people.ada, world.people.bob, world.people.cy];
  for (let i = 0; i < SAYS; i++) await people[i % 3].say(world.channels.general, `message ${i}`);
  const said = performance.now();
  const saidCpu = cpuMs(sayCpu);
  await world.close();
  return { readyMs: ready - start, sayMs: (said - ready) / SAYS, readyCpu, sayCpu: saidCpu / SAYS };
}

/** Runs the part; `alternate` and `row` are compare.mjs's. */
export async function compareTestingWorld(checkouts, alternate, row) {
  const makers = {};
  for (const side of checkouts) {
    makers[side.name] = (await import(`${side.root}/packages/testing/dist/index.js`)).createTestWorld;
  }
  const pairs = await alternate(async (side) => {
    const times = [];
    for (let i = 0; i < WORLDS; i++) times.push(await oneWorld(makers[side.name]));
    const mean = (key) => times.reduce((sum, t) => sum + t[key], 0) / times.length;
    return { ready: mean("readyMs"), say: mean("sayMs"), readyCpu: mean("readyCpu"), sayCpu: mean("sayCpu") };
  });
  console.table([
    row("createTestWorld ready, connected bot: CPU ms per world", "value", pairs, (v) => v.readyCpu),
    row("  the same, wall ms", "value", pairs, (v) => v.ready),
    row(`person.say through the dev API: CPU ms per message`, "value", pairs, (v) => v.sayCpu),
    row("  the same, wall ms", "value", pairs, (v) => v.say),
  ]);
}
