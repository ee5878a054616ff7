// The steps of bench/scale.mjs that grow one server: messages in one channel (the first history
// page of a bot without Read message history, and REST reads and posts), members (one page of the
// member list and the full listing by `after`), and users (`POST /dev/v1/users` with `X-Dev-User` as
// a username). Each axis has a server process of its own, grown in place between sizes.
import { fileURLToPath } from "node:url";
import { WebSocket } from "ws";
import { client } from "./scale-http.mjs";
import { forkWorker } from "./scale-ipc.mjs";
import { sample, series, summarize } from "./scale-report.mjs";

const SERVER = fileURLToPath(new URL("./scale-server.mjs", import.meta.url));
const EXEC = ["--max-old-space-size=12288", "--expose-gc"];

/** The series of the one-server axes, by id. */
export function oneServerSeries() {
  return {
    history: series(
      "history",
      "first page (limit=50) without Read message history, p50",
      "messages",
      "constant",
    ),
    restGet: series("rest", "GET /v1/channels/{id} p50", "messages", "constant"),
    restPost: series("rest", "POST /v1/channels/{id}/messages p50", "messages", "constant"),
    membersPage: series("members", "GET /v1/guilds/{id}/members?limit=1000 p50", "members", "constant", {
      floor: 5,
    }),
    membersAll: series("members", "full listing by `after`, 1,000 a page", "members", "linear", {
      floor: 10,
    }),
    devUsers: series("dev-users", "POST /dev/v1/users, X-Dev-User: <username>, p50", "users", "constant"),
  };
}

/** Runs `fn(server, w)` on a fresh one-server world; a failure marks every size left in `targets`. */
async function withWorld(sizes, targets, fn) {
  const server = await forkWorker(SERVER, EXEC);
  try {
    const w = await server.call("start", { kind: "one" }, 60_000);
    await fn(server, w);
  } catch (error) {
    for (const s of targets)
      for (const size of sizes)
        if (!s.points.some((p) => p.size === size))
          s.points.push({ size, error: String(error.message ?? error) });
  } finally {
    await server.stop();
  }
}

/** A bot's identified gateway connection (heartbeating), so the history rule counts its span. */
function connectBot(url, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const beat = setInterval(
      () => ws.readyState === ws.OPEN && ws.send('{"op":"heartbeat","d":null}'),
      10_000,
    );
    const timer = setTimeout(() => reject(new Error("the nohist bot did not get READY within 30 s")), 30_000);
    ws.on("message", (data) => {
      const text = data.toString();
      if (text.includes('"op":"hello"'))
        ws.send(JSON.stringify({ op: "identify", d: { token, intents: ["guilds", "guild_messages"] } }));
      else if (text.includes('"t":"READY"')) {
        clearTimeout(timer);
        resolve(() => {
          clearInterval(beat);
          ws.terminate();
        });
      }
    });
    ws.once("error", reject);
  });
}

/** Messages in one channel: 5 readable by the `nohist` bot, then old ones grown under them. */
export async function runMessages(sizes, want, S) {
  const targets = [S.history, S.restGet, S.restPost].filter((s) => want(s.step));
  if (targets.length === 0) return;
  await withWorld(sizes, targets, async (server, w) => {
    const hist = client(w.baseUrl, w.apps.hist.token);
    const nohist = client(w.baseUrl, w.apps.nohist.token);
    const dev = client(w.baseUrl, null);
    // The bot is connected while 5 messages are posted, then leaves: those 5 are all it may read,
    // whatever is posted later (the rest step's posts), so the first page must look past the rest.
    const disconnect = await connectBot(w.gatewayUrl, w.apps.nohist.token);
    try {
      for (let i = 0; i < 5; i++)
        await dev(
          "POST",
          `/dev/v1/channels/${w.channelId}/messages`,
          { content: `new ${i}` },
          { "x-dev-user": w.personId },
        );
    } finally {
      disconnect();
    }
    const page = `/v1/channels/${w.channelId}/messages?limit=50`;
    for (const size of sizes) {
      await server.call("growMessages", { total: size }, 300_000);
      if (want("history")) {
        let seen;
        const t = await sample(async () => (seen = await nohist("GET", page)), {
          count: 100,
          maxMs: 10_000,
          warmup: 3,
        });
        const raw = await sample(() => hist("GET", page), { count: 100, maxMs: 5_000, warmup: 3 });
        S.history.points.push({
          size,
          value: t.p50,
          p50: t.p50,
          p99: t.p99,
          raw: raw.p50,
          note: `${seen.length} readable; raw: the same page with Read message history`,
          checks: [{ ok: seen.length === 5, reason: `${seen.length} messages readable, 5 expected` }],
        });
      }
      if (want("rest")) {
        const get = await sample(() => hist("GET", `/v1/channels/${w.channelId}`), { count: 300 });
        const post = await sample(
          (i) => hist("POST", `/v1/channels/${w.channelId}/messages`, { content: `p ${i}` }),
          {
            count: 300,
          },
        );
        const raw = await sample(() => hist("GET", "/v1/users/@me"), { count: 300 });
        const note = "raw: GET /v1/users/@me p50";
        S.restGet.points.push({ size, value: get.p50, p50: get.p50, p99: get.p99, raw: raw.p50, note });
        S.restPost.points.push({ size, value: post.p50, p50: post.p50, p99: post.p99, raw: raw.p50, note });
      }
    }
  });
}

/** Members of one server: one page of 1,000, then every page by `after` (bounded in time). */
export async function runMembers(sizes, S) {
  await withWorld(sizes, [S.membersPage, S.membersAll], async (server, w) => {
    const bot = client(w.baseUrl, w.apps.members.token, 120_000);
    const path = `/v1/guilds/${w.guildId}/members?limit=1000`;
    for (const size of sizes) {
      await server.call("growUsers", { total: size, members: true }, 300_000);
      let first;
      const t = await sample(async () => (first = await bot("GET", path)), {
        count: 50,
        maxMs: 10_000,
        warmup: 2,
      });
      const text = JSON.stringify(first);
      const raw = summarize(Array.from({ length: 20 }, () => timed(() => JSON.stringify(JSON.parse(text)))));
      S.membersPage.points.push({
        size,
        value: t.p50,
        p50: t.p50,
        p99: t.p99,
        raw: raw.p50,
        note: "raw: JSON of the page",
      });
      const rounds = [await listAll(bot, path), await listAll(bot, path)];
      const best = rounds.reduce((x, y) => (y.ms < x.ms ? y : x));
      const point = {
        size,
        value: best.ms,
        note: `${best.listed} members listed; by round ${rounds.map((r) => Math.round(r.ms)).join(", ")}`,
      };
      if (best.listed < size)
        point.error = `listed ${best.listed} of at least ${size} members in ${Math.round(best.ms / 1000)} s`;
      S.membersAll.points.push(point);
    }
  });
}

/** Every page of the member list by `after`, for at most 120 s; answers the time and how many. */
async function listAll(bot, path) {
  const deadline = performance.now() + 120_000;
  const start = performance.now();
  let listed = 0;
  let after = null;
  for (;;) {
    const page = await bot("GET", after ? `${path}&after=${after}` : path);
    listed += page.length;
    if (page.length < 1000 || performance.now() > deadline) break;
    after = page[page.length - 1].user.id;
  }
  return { ms: performance.now() - start, listed };
}

const timed = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

/** Users: `POST /dev/v1/users` acting as a person named by username, against the same by id. */
export async function runUsers(sizes, S) {
  await withWorld(sizes, [S.devUsers], async (server, w) => {
    const dev = client(w.baseUrl, null);
    let made = 0;
    for (const size of sizes) {
      const grown = await server.call("growUsers", { total: size }, 300_000);
      const post = (header) => () =>
        dev("POST", "/dev/v1/users", { username: `made_${made++}` }, { "x-dev-user": header });
      const t = await sample(post(grown.sampleUsername), { count: 200, maxMs: 10_000 });
      const raw = await sample(post(w.personId), { count: 200, maxMs: 10_000 });
      S.devUsers.points.push({
        size,
        value: t.p50,
        p50: t.p50,
        p99: t.p99,
        raw: raw.p50,
        note: "raw: X-Dev-User as an id",
      });
    }
  });
}
