// Gateway client benchmark (issue 10): events per second that @chatbot/gateway's GatewayClient
// receives, parses and hands to a no-op MESSAGE_CREATE listener, against a raw `ws` client doing
// JSON.parse on the same frames, in the same run. Both read from the same flood server (this file
// with `--server`): a tiny `ws` server that answers hello / identify / heartbeat and then sends
// MESSAGE_CREATE frames (a message of the reference server's shape, about 0.8 KB) as fast as the
// socket takes them. Server and clients each run in a process of their own; in each round the two
// clients run at the same time, so that whatever else the machine does slows both alike, and the
// round's ratio is the SDK's rate over the raw one's. Target: at least 0.8 (the median round).
import { fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_MS = 1_000;

const MESSAGE = {
  channel_id: "383263430779469830",
  guild_id: "383263430779469825",
  author: { id: "383263430779469820", username: "ada", name: "Ada", avatar_id: null, bot: false },
  content: "lorem ipsum dolor sit amet ".repeat(12),
  content_available: true,
  embeds: [],
  attachments: [],
  poll: null,
  mentions: { users: [], roles: [], everyone: false },
  reactions: [],
  reply_to: null,
  interaction: null,
  pinned: false,
  created_at: 1_790_000_000_000,
  edited_at: null,
};

// ---------------------------------------------------------------------------------------------
// The flood server: identifies anyone, then floods MESSAGE_CREATE frames, keeping at most 1 MB
// unsent per socket (so a slower client is simply sent less, and nothing is ever closed).

async function floodServer() {
  const { WebSocketServer } = await import("ws");
  // Every frame a new message id (rising, as snowflakes do), the rest of the message as text.
  const rest = JSON.stringify(MESSAGE).slice(1);
  const http = createServer((req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  wss.on("connection", (ws) => {
    let s = 0;
    let flooding = false;
    const frame = () => {
      s += 1;
      return `{"op":"dispatch","t":"MESSAGE_CREATE","s":${s},"d":{"id":"38326343${1e10 + s}",${rest}}`;
    };
    const flood = () => {
      if (ws.readyState !== ws.OPEN) return;
      // Corked, so that a batch of frames leaves in one write: the server must outrun both clients.
      ws._socket.cork();
      for (let i = 0; i < 256 && ws.bufferedAmount < 1 << 20; i++) ws.send(frame());
      ws._socket.uncork();
      setImmediate(flood);
    };
    ws.send(JSON.stringify({ op: "hello", d: { heartbeat_interval: 30_000 } }));
    ws.on("message", (data) => {
      const op = JSON.parse(data.toString()).op;
      if (op === "heartbeat") ws.send('{"op":"heartbeat_ack"}');
      if (op !== "identify" || flooding) return;
      flooding = true;
      ws.send(
        JSON.stringify({
          op: "dispatch",
          t: "READY",
          s: ++s,
          d: {
            v: 1,
            session_id: "bench",
            user: { id: "1", username: "app_1", name: "Bench", avatar_id: null, bot: true },
            application: { id: "1", name: "Bench" },
            intents: ["guilds", "guild_messages"],
            guilds: [],
          },
        }),
      );
      flood();
    });
    ws.on("error", () => {});
  });
  http.listen(0, "127.0.0.1", () => console.log(`ready port=${http.address().port}`));
}

// ---------------------------------------------------------------------------------------------
// The clients: each counts MESSAGE_CREATE events for `seconds` after a warm-up, then reports.

function measure(count, stop) {
  return new Promise((resolve) => {
    setTimeout(() => {
      const from = count();
      const start = performance.now();
      const cpuFrom = process.cpuUsage();
      setTimeout(() => {
        const events = count() - from;
        const elapsed = (performance.now() - start) / 1000;
        const cpu = process.cpuUsage(cpuFrom);
        const cpuS = (cpu.user + cpu.system) / 1e6;
        stop();
        resolve({
          events,
          events_per_s: Math.round(events / elapsed),
          cpu_s: Number(cpuS.toFixed(2)),
          events_per_cpu_s: Math.round(events / cpuS),
        });
      }, seconds * 1000);
    }, WARMUP_MS);
  });
}

async function rawClient(url) {
  const { WebSocket } = await import("ws");
  let received = 0;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  ws.on("message", (data) => {
    const frame = JSON.parse(data.toString("utf8"));
    if (frame.op === "hello")
      ws.send(JSON.stringify({ op: "identify", d: { token: "t", intents: ["guilds"] } }));
    else if (frame.op === "dispatch" && frame.t === "MESSAGE_CREATE") received += 1;
  });
  await new Promise((resolve) => ws.once("open", resolve));
  return measure(
    () => received,
    () => ws.terminate(),
  );
}

async function sdkClient(url, baseUrl) {
  const { GatewayClient } = await import("@chatbot/gateway");
  const { RestClient } = await import("@chatbot/rest");
  let received = 0;
  // With a REST client, as a bot has it: live messages go through the recovery bookkeeping too.
  const gateway = new GatewayClient({
    token: "t",
    intents: ["guilds", "guild_messages"],
    gatewayUrl: url,
    rest: new RestClient({ token: "t", baseUrl }),
  });
  gateway.on("MESSAGE_CREATE", () => {
    received += 1;
  });
  await gateway.connect();
  const result = await measure(
    () => received,
    () => void gateway.close(),
  );
  return { ...result, queue_peak: gateway.queuePeak, dropped: gateway.droppedEvents };
}

async function clientProcess(kind, port) {
  const url = `ws://127.0.0.1:${port}/v1/gateway`;
  const result = kind === "raw" ? await rawClient(url) : await sdkClient(url, `http://127.0.0.1:${port}`);
  process.send(result);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// The orchestrator: in each round both clients read the one flood server at the same time.

async function main() {
  const { ROOT, spawnUntil, stop } = await import("./lib/processes.mjs");
  const server = await spawnUntil([fileURLToPath(import.meta.url), "--server"], /ready port=(\d+)/);
  const port = server.match[1];
  const run = (kind) =>
    new Promise((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), ["--client", kind, port], { stdio: "inherit" });
      child.once("message", resolve);
      child.once("exit", (code) => code !== 0 && reject(new Error(`${kind} client exited with ${code}`)));
    });
  const results = { raw: [], sdk: [] };
  const ratios = [];
  const cpuRatios = [];
  for (let round = 0; round < rounds; round++) {
    const [raw, sdk] = await Promise.all([run("raw"), run("sdk")]);
    results.raw.push(raw);
    results.sdk.push(sdk);
    ratios.push(Number((sdk.events_per_s / raw.events_per_s).toFixed(2)));
    cpuRatios.push(Number((sdk.events_per_cpu_s / raw.events_per_cpu_s).toFixed(2)));
  }
  await stop(server.child);
  const middle = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const median = middle(ratios);
  const cpuRatio = middle(cpuRatios);
  const at = ratios.indexOf(median);
  const raw = results.raw[at];
  const sdk = results.sdk[at];
  const ratio = median;
  console.table([
    { client: "raw ws + JSON.parse (median round)", ...raw },
    { client: "@chatbot/gateway, no-op listener (median round)", ...sdk },
  ]);
  const summary = {
    seconds,
    rounds,
    frame_bytes: JSON.stringify(MESSAGE).length + 80,
    events_per_s_by_round: {
      raw: results.raw.map((r) => r.events_per_s),
      sdk: results.sdk.map((r) => r.events_per_s),
    },
    ratio_by_round: ratios,
    cpu_ratio_by_round: cpuRatios,
    raw,
    sdk,
    ratio,
    ratio_events_per_cpu_s: cpuRatio,
  };
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "gateway-client.json"), JSON.stringify(summary, null, 2));
  console.log(
    `gateway client ratio ${ratio} of raw ws + JSON.parse, median of ${ratios.join(", ")} (target >= 0.8); ` +
      `per client CPU second ${cpuRatio}, median of ${cpuRatios.join(", ")}`,
  );
}

if (process.argv[2] === "--server") await floodServer();
else if (process.argv[2] === "--client") await clientProcess(process.argv[3], process.argv[4]);
else await main();
