import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connected,
  create,
  DEMO_GUILD,
  inProject,
  npmInstall,
  npmStart,
  REPO,
  type ServerProcess,
  startServer,
  type StartedBot,
} from "./generated-project.js";

// A bot made by the generator and run by `npm start` keeps its recovery point in its SqliteStore
// file (the template's main.ts, `.data/state.db`), so a new process reads back what was posted
// while none was connected. Here people post a steady burst in three channels; the bot is killed
// (SIGKILL) or stopped (SIGTERM, a deploy) in the middle of it and started again while the burst
// goes on; every message must be handled exactly once, in order per channel.

const CHANNELS = 3;
const PER_CHANNEL = 300;
/** Between two rounds of posts (one message in each channel). */
const PACE_MS = 40;
/**
 * The rounds at which the bot goes down and is started again: once within its first seconds, and
 * once after the next process has been ready for more than 5 s (195 rounds of at least PACE_MS,
 * less about a second to start). Before per-message cursors, the recovery point was saved every
 * 5 s: the first outage lost what was posted, the second handled a second time what came after the
 * save.
 */
const OUTAGES = [
  { down: 30, up: 45 },
  { down: 240, up: 255 },
];

const dir = mkdtempSync(join(tmpdir(), "create-chat-bot-catch-up-"));
const project = join(dir, "catch-up-bot");
const log = join(project, "handled.log");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The bot of the basic template, plus a listener that records every message it handles.
const RECORDER = `import { appendFileSync } from "node:fs";
import { type EventPayload, Listener, On } from "@chatbot/framework";

/** Records every message handled, one line each: its channel and its content. */
@Listener()
export class Recorder {
  @On("MESSAGE_CREATE")
  record(message: EventPayload<"MESSAGE_CREATE">) {
    appendFileSync("handled.log", \`\${message.channel_id} \${message.content}\\n\`);
  }
}
`;
const BOT = `import { defineBot } from "@chatbot/framework";
import { Echo } from "./commands/echo.js";
import { Ping } from "./commands/ping.js";
import { Recorder } from "./listeners/recorder.js";
import { Welcome } from "./listeners/welcome.js";

export default defineBot({ commands: [Ping, Echo], listeners: [Welcome, Recorder], messageContent: true });
`;

beforeAll(() => {
  const made = create(
    ["catch-up-bot", "--template", "basic", "--yes", "--no-install", "--no-git", "--local", REPO],
    dir,
  );
  expect(made.status, made.stderr).toBe(0);
  writeFileSync(join(project, "src/listeners/recorder.ts"), RECORDER);
  writeFileSync(join(project, "src/bot.ts"), BOT);
  const install = npmInstall(project);
  expect(install.status, install.output).toBe(0);
  const built = inProject(project, "npm", ["run", "build"]);
  expect(built.status, built.output).toBe(0);
}, 120_000);

/** Per channel, the contents handled, in the order handled. */
function handled(channels: readonly string[]): string[][] {
  const lines = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
  return channels.map((id) =>
    lines.filter((line) => line.startsWith(`${id} `)).map((line) => line.slice(id.length + 1)),
  );
}

/** What went wrong in one channel, in a line: duplicates, losses, order. */
function describeChannel(got: readonly string[], expected: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const content of got) counts.set(content, (counts.get(content) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1).map(([c]) => c);
  const lost = expected.filter((c) => !counts.has(c));
  return `${got.length} handled, ${twice.length} more than once (${twice.slice(0, 5).join(", ")}…), ${lost.length} never (${lost.slice(0, 5).join(", ")}…)`;
}

/**
 * Runs one burst against a fresh server and a fresh store: the bot up, people posting, the bot
 * taken down by `down` and started again at each of OUTAGES, the burst going on meanwhile.
 */
async function burstAcross(down: (bot: StartedBot) => Promise<void>): Promise<void> {
  rmSync(join(project, ".data"), { recursive: true, force: true });
  rmSync(log, { force: true });
  const server: ServerProcess = await startServer();
  let bot: StartedBot | null = null;
  const runs: StartedBot[] = [];
  try {
    writeFileSync(
      join(project, ".env"),
      `CHATBOT_TOKEN=demo-bot-token\nCHATBOT_BASE_URL=${server.baseUrl}\n`,
    );
    const [general] = (await server.dev("GET", "/users/@me/guilds", undefined, "ada")) as {
      channels: { id: string; name: string }[];
    }[];
    const channels = [general!.channels.find((c) => c.name === "general")!.id];
    for (let i = 1; i < CHANNELS; i++) {
      const made = (await server.dev(
        "POST",
        `/guilds/${DEMO_GUILD}/channels`,
        { name: `burst-${i}`, kind: "text" },
        "ada",
      )) as { id: string };
      channels.push(made.id);
    }
    bot = npmStart(project);
    runs.push(bot);
    await connected(server, bot.output);
    for (let n = 0; n < PER_CHANNEL; n++) {
      if (OUTAGES.some((o) => o.down === n)) await down(bot);
      if (OUTAGES.some((o) => o.up === n)) runs.push((bot = npmStart(project)));
      const round = performance.now();
      await Promise.all(
        channels.map((id) => server.dev("POST", `/channels/${id}/messages`, { content: `m${n}` }, "ada")),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, PACE_MS - (performance.now() - round))));
    }
    const expected = Array.from({ length: PER_CHANNEL }, (_, n) => `m${n}`);
    const everyOne = () => handled(channels).every((got) => expected.every((c) => got.includes(c)));
    for (let i = 0; i < 200 && !everyOne(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    // Anything handled twice would come with the catch-up, before this.
    const last = bot;
    bot.npm.kill("SIGTERM");
    expect(await last.exited, last.output()).toBe("0 null");
    bot = null;
    const got = handled(channels);
    const summary = [
      ...got.map((g, i) => `channel ${i}: ${describeChannel(g, expected)}`),
      ...runs.map((run, i) => `process ${i + 1}:\n${run.output()}`),
    ].join("\n");
    for (const g of got) expect(g, summary).toEqual(expected);
  } finally {
    if (bot && bot.npm.exitCode === null) {
      // The node process first: npm killed alone would leave it running.
      try {
        process.kill(bot.botPid(), "SIGKILL");
      } catch {
        // Not started yet, or gone already.
      }
      bot.npm.kill("SIGKILL");
    }
    server.kill();
  }
}

describe("npm start catches up after a restart (SqliteStore)", () => {
  it("handles every message once and in order when the bot is killed with SIGKILL mid-burst", async () => {
    await burstAcross(async (bot) => {
      process.kill(bot.botPid(), "SIGKILL");
      // npm reports its script killed by a signal and exits too.
      await bot.exited;
    });
  }, 60_000);

  it("handles every message once and in order across a deploy (SIGTERM, then start again)", async () => {
    await burstAcross(async (bot) => {
      bot.npm.kill("SIGTERM");
      expect(await bot.exited, bot.output()).toBe("0 null");
    });
  }, 60_000);
});
