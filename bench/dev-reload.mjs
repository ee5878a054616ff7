// chatbot dev benchmark (issue 13): from a file saved to the new handler answering a command, over
// BENCH_EDITS (default 20) edits of a small bot with a command, a service injected into it and a
// listener, against a full restart of the bot process on each save (a new process compiles the
// same sources with the same compiler, connects, identifies and checks its commands), in the same
// run against the same reference server. Target: reload p50 under 200 ms, and at least 5 times
// faster than the restart.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, spawnUntil, startReferenceServer, stop } from "./lib/processes.mjs";

const EDITS = Number(process.env.BENCH_EDITS ?? 20);
const CHATBOT = join(ROOT, "packages/cli/bin/chatbot.js");

const project = mkdtempSync(join(tmpdir(), "bench-dev-"));
symlinkSync(join(ROOT, "node_modules"), join(project, "node_modules"), "dir");
const write = (path, text) => {
  mkdirSync(join(project, path, ".."), { recursive: true });
  writeFileSync(join(project, path), text);
};
write("package.json", JSON.stringify({ name: "bench-bot", private: true, type: "module" }));
write(
  "src/version.ts",
  `import { singleton } from "@chatbot/framework";\n@singleton()\nexport class Version {\n  readonly value = "v0";\n}\n`,
);
write(
  "src/commands/ping.ts",
  `import { Command, CommandContext } from "@chatbot/framework";
import { Version } from "../version.js";
@Command({ name: "ping", description: "Answers with the version" })
export class Ping {
  constructor(private readonly version: Version) {}
  async run(ctx: CommandContext) {
    await ctx.reply(this.version.value);
  }
}
`,
);
write(
  "src/listeners/log.ts",
  `import { On } from "@chatbot/framework";\nexport class Log {\n  @On("MESSAGE_CREATE")\n  seen() {}\n}\n`,
);
write(
  "src/bot.ts",
  `import { defineBot } from "@chatbot/framework";
import { Ping } from "./commands/ping.js";
import { Log } from "./listeners/log.js";
export default defineBot({ commands: [Ping], listeners: [Log] });
`,
);
// The restart baseline: one process per save, as a restart-on-change tool runs the bot.
write(
  "restart.mjs",
  `import { createBot } from "@chatbot/framework";
const { BotCompiler } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "packages/cli/dist/dev/compile.js")).href)});
const [root, out, token, baseUrl] = process.argv.slice(2);
const compiler = new BotCompiler(root, root + "/src", out);
const build = compiler.build();
const { default: bot } = await import(compiler.builtPath(build, root + "/src/bot.ts"));
await createBot({ ...bot, token, baseUrl, logger: "silent" }).start();
console.log("started");
`,
);

const server = await startReferenceServer();
const person = { "content-type": "application/json", "x-dev-user": "alice" };

/** Uses /ping until the answer is `want`; resolves when it is. */
async function answered(channel, want) {
  for (;;) {
    const made = await fetch(`${server.baseUrl}/dev/v1/channels/${channel}/interactions`, {
      method: "POST",
      headers: person,
      body: JSON.stringify({ name: "ping" }),
    }).then((r) => r.json());
    if (made.state === "delivered") {
      for (let i = 0; i < 200; i++) {
        const now = await fetch(`${server.baseUrl}/dev/v1/interactions/${made.id}`).then((r) => r.json());
        if (now.state === "answered") {
          if (now.messages[0]?.content === want) return;
          break;
        }
        if (now.state !== "delivered" && now.state !== "thinking") break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const edit = (i) =>
  writeFileSync(
    join(project, "src/version.ts"),
    `import { singleton } from "@chatbot/framework";\n@singleton()\nexport class Version {\n  readonly value = "v${i}";\n}\n`,
  );

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (name, times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    mode: name,
    edits: times.length,
    p50_ms: +quantile(sorted, 0.5).toFixed(1),
    p95_ms: +quantile(sorted, 0.95).toFixed(1),
  };
};

try {
  // chatbot dev, attached to the server: each save reloads the code around the same connection.
  const { child: dev } = await spawnUntil(
    [CHATBOT, "dev", "--server-url", server.baseUrl],
    /^ready /m,
    60_000,
    project,
  );
  const world = JSON.parse(readFileSync(join(project, ".chatbot/dev.json"), "utf8"));
  const channel = world.channels.general;
  await answered(channel, "v0");
  const reloads = [];
  for (let i = 1; i <= EDITS; i++) {
    const start = performance.now();
    edit(i);
    await answered(channel, `v${i}`);
    reloads.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop(dev);

  const restarts = [];
  for (let i = EDITS + 1; i <= 2 * EDITS; i++) {
    const start = performance.now();
    edit(i);
    const bot = spawn(
      process.execPath,
      [
        join(project, "restart.mjs"),
        project,
        join(project, ".restart", String(i)),
        world.token,
        server.baseUrl,
      ],
      { cwd: project, stdio: ["ignore", "pipe", "inherit"] },
    );
    await answered(channel, `v${i}`);
    restarts.push(performance.now() - start);
    await new Promise((resolve) => {
      bot.once("exit", resolve);
      bot.kill("SIGKILL");
    });
  }
  const rows = [
    summary("chatbot dev reload (same connection)", reloads),
    summary("restart of the bot process", restarts),
  ];
  console.table(rows);
  const ratio = rows[1].p50_ms / rows[0].p50_ms;
  console.log(
    `reload p50 ${rows[0].p50_ms} ms (target < 200 ms), ${ratio.toFixed(1)}x faster than a restart (target >= 5x)`,
  );
} finally {
  await stop(server.child);
  rmSync(project, { recursive: true, force: true });
}
