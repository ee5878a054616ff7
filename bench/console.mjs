// Web console benchmark (issue 15): the first view of /console/ in Debian's Chromium, from navigation
// to the history of a channel of 1,000 messages shown and the live stream connected, beside a raw
// baseline in the same run: the same browser loading a bare static page from node:http (navigation
// to its load event). Also the size of what the page loads. Target: first view under 1 s on loopback.
import { createServer } from "node:http";
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "../test-support/chromium.mjs";
import { ROOT } from "./lib/processes.mjs";
import { benchWorld } from "./lib/world.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const { startServer } = await import("../packages/server/dist/index.js");

const server = await startServer({ port: 0, manualClock: true, rateLimits: false });
const world = await benchWorld(server.baseUrl, { history: 0 });
for (let i = 1; i <= 1_000; i++) {
  await world.dev(
    server.baseUrl,
    "POST",
    `/channels/${world.channelId}/messages`,
    { content: `message ${i}` },
    world.ownerId,
  );
}

const raw = createServer((req, res) => {
  const body = "<!doctype html><html><head><title>raw</title></head><body><p>raw page</p></body></html>";
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
});
await new Promise((resolve) => raw.listen(0, "127.0.0.1", resolve));
const rawUrl = `http://127.0.0.1:${raw.address().port}/`;

const browser = await launchChromium();

async function consoleView() {
  const context = await browser.newContext();
  await context.addInitScript(
    ([person, channel]) => {
      localStorage.setItem("chatbot-console:person", person);
      localStorage.setItem("chatbot-console:channel", channel);
    },
    [world.ownerId, world.channelId],
  );
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(`${server.baseUrl}/console/`);
  await page.locator(".live.on").waitFor();
  await page.locator(".message .content", { hasText: "message 1000" }).waitFor();
  const took = performance.now() - start;
  const shown = await page.locator(".message").count();
  await context.close();
  return { took, shown };
}

async function rawView() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(rawUrl, { waitUntil: "load" });
  const took = performance.now() - start;
  await context.close();
  return took;
}

const times = { console: [], raw: [] };
let shown = 0;
for (let i = 0; i < RUNS + 3; i++) {
  const view = await consoleView();
  const base = await rawView();
  if (i < 3) continue;
  times.console.push(view.took);
  times.raw.push(base);
  shown = view.shown;
}
await browser.close();
await server.close();
raw.close();

const pct = (list, p) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((list.length * p) / 100))];
const assets = join(ROOT, "packages/server/dist/console/assets");
const bytes = Object.fromEntries(
  readdirSync(assets).map((f) => [f.endsWith(".js") ? "script" : "styles", statSync(join(assets, f)).size]),
);
const row = {
  runs: RUNS,
  console_p50_ms: Math.round(pct(times.console, 50)),
  console_p95_ms: Math.round(pct(times.console, 95)),
  raw_page_p50_ms: Math.round(pct(times.raw, 50)),
  messages_rendered: shown,
  script_kb: Math.round(bytes.script / 1024),
  styles_kb: Math.round(bytes.styles / 1024),
};
console.table([row]);
console.log(
  `first view with 1,000 messages: p50 ${row.console_p50_ms} ms, p95 ${row.console_p95_ms} ms (target < 1000 ms); a bare page ${row.raw_page_p50_ms} ms; ${shown} messages rendered`,
);
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(join(ROOT, "bench/results/console.json"), JSON.stringify(row, null, 2));
