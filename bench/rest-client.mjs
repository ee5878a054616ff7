// REST client benchmark (issue 10): calls per second of `@chatbot/rest` against bare `fetch` of the
// same routes and against `@discordjs/rest`, on the same reference server (rate limits off), in one
// run. Each case keeps 50 calls in flight (50 loops, each making its next call when the last one
// answers). The clients take turns in slices of one second, BENCH_ROUNDS times (default 5), and
// each is scored by its median slice, so that a burst of load from elsewhere on the machine weighs
// on all alike. Our client also runs with pipelining off (`chatbot_nopipe`), to show how much of its
// lead comes from pipelining rather than from its cost per call.
// Targets: >= 0.8 of bare fetch, >= 1.0 of @discordjs/rest.
// Message creation spreads the 50 loops over 50 channels: a client keeps one channel's sends in
// order by sending them one at a time, so 50 in flight means 50 channels. The one-channel case is
// printed too, for what it says about ordering.
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REST } from "@discordjs/rest";
import { RestClient } from "@chatbot/rest";
import { ROOT, startReferenceServer, stop } from "./lib/processes.mjs";
import { benchWorld } from "./lib/world.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const inFlight = 50;

const ref = await startReferenceServer();
const world = await benchWorld(ref.baseUrl, { history: 0 });
const channels = [world.channelId];
for (let i = 1; i < inFlight; i++) {
  const channel = await world.dev(
    ref.baseUrl,
    "POST",
    `/guilds/${world.guildId}/channels`,
    { name: `bench-${i}`, kind: "text" },
    world.ownerId,
  );
  channels.push(channel.id);
}

const headers = { authorization: `Bot ${world.token}`, "content-type": "application/json" };
let sequence = 0;
// Every client sends the same body, nonce included: @chatbot/rest always sends one (so that a retried
// send posts once), and the service's nonce check is work the other two must not be spared.
const body = () => ({ content: `hello from the benchmark ${sequence++}`, nonce: randomUUID() });

function chatbotClient(options) {
  const rest = new RestClient({
    token: world.token,
    baseUrl: ref.baseUrl,
    globalLimit: Infinity,
    ...options,
  });
  return { getMe: () => rest.getMe(), send: (channelId) => rest.createMessage(channelId, body()) };
}

const clients = {
  fetch: {
    getMe: () => fetch(`${ref.baseUrl}/v1/users/@me`, { headers }).then((r) => r.json()),
    send: (channelId) =>
      fetch(`${ref.baseUrl}/v1/channels/${channelId}/messages`, {
        method: "POST",
        headers,
        body: JSON.stringify(body()),
      }).then((r) => r.json()),
  },
  chatbot: chatbotClient({}),
  // The same client with pipelining off: how much of its lead is pipelining's.
  chatbot_nopipe: chatbotClient({ pipelining: 1 }),
  discordjs: (() => {
    const rest = new REST({ api: ref.baseUrl, version: "1", globalRequestsPerSecond: Infinity }).setToken(
      world.token,
    );
    return {
      getMe: () => rest.get("/users/@me"),
      send: (channelId) => rest.post(`/channels/${channelId}/messages`, { body: body() }),
    };
  })(),
};

/** Calls per second with `inFlight` loops running `call(loopIndex)` for `duration` ms. */
async function measure(call, duration) {
  let done = 0;
  let failed = 0;
  const end = performance.now() + duration;
  const loop = async (i) => {
    while (performance.now() < end) {
      try {
        await call(i);
        done += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, (_, i) => loop(i)));
  return { rps: done / ((performance.now() - started) / 1000), failed };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cases = [
  { name: "GET /v1/users/@me", run: (c) => c.getMe() },
  { name: "POST messages (50 channels)", run: (c, i) => c.send(channels[i]) },
  { name: "POST messages (1 channel)", run: (c) => c.send(world.channelId) },
];

const rows = [];
for (const c of cases) {
  const slices = {};
  let failed = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [name, client] of Object.entries(clients)) {
      await measure((i) => c.run(client, i), 200);
      const result = await measure((i) => c.run(client, i), 1_000);
      (slices[name] ??= []).push(result.rps);
      failed += result.failed;
    }
  }
  const row = { case: c.name };
  for (const [name, values] of Object.entries(slices)) row[`${name}_rps`] = Math.round(median(values));
  row.vs_fetch = Number((row.chatbot_rps / row.fetch_rps).toFixed(2));
  row.vs_discordjs = Number((row.chatbot_rps / row.discordjs_rps).toFixed(2));
  row.nopipe_vs_discordjs = Number((row.chatbot_nopipe_rps / row.discordjs_rps).toFixed(2));
  row.failed = failed;
  rows.push(row);
}
await stop(ref.child);
console.table(rows);
const dir = join(ROOT, "bench/results");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "rest-client.json"), JSON.stringify({ rounds, inFlight, rows }, null, 2));
for (const row of rows.slice(0, 2)) {
  console.log(
    `${row.case}: ${row.vs_fetch} of bare fetch (target >= 0.8), ${row.vs_discordjs} of @discordjs/rest (target >= 1.0)`,
  );
}
