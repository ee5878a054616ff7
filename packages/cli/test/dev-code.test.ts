// chatbot dev's code thread and its state (the project of dev-fixtures.ts).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { echoBoomCrashes, newProject, reloads, save, sessions, start } from "./dev-fixtures.js";
import { use, waitFor } from "./dev-project.js";
import { CHATBOT_BIN } from "./run-cli.js";

// The command answers which thread runs it, so the test sees the code move to a fresh one.
const THREAD = `import { threadId } from "node:worker_threads";
import { Command, CommandContext } from "@chatbot/framework";
import { Greeter } from "../greeter.js";

@Command({ name: "thread", description: "Says which thread runs the code" })
export class Thread {
  constructor(private readonly greeter: Greeter) {}
  async run(ctx: CommandContext) {
    await ctx.reply(\`\${this.greeter.greet("t")} thread \${threadId}\`);
  }
}
`;

describe("chatbot dev's code thread", () => {
  it("runs the code in a worker thread, a fresh one every --recycle-after reloads, on the same connection", async () => {
    const project = newProject();
    project.write("src/commands/thread.ts", THREAD);
    project.edit("src/bot.ts", "commands: [Ping, Echo]", "commands: [Ping, Echo, Thread]");
    project.edit(
      "src/bot.ts",
      `import { Seen }`,
      `import { Thread } from "./commands/thread.js";\nimport { Seen }`,
    );
    const dev = await start(project, ["--recycle-after", "2"]);
    const answer = async () => {
      const outcome = await use(dev, project, "thread");
      const match = /^pong (v\d+) for t thread (\d+)$/.exec(outcome.contents[0] ?? "");
      expect(match, JSON.stringify(outcome)).not.toBeNull();
      return { version: match![1], thread: Number(match![2]) };
    };
    const first = await answer();
    // Not the main thread (0): the code runs apart from the connection.
    expect(first).toEqual({ version: "v1", thread: expect.any(Number) });
    expect(first.thread).toBeGreaterThan(0);

    await save(dev, project, "src/greeter.ts", "pong v1", "pong v2");
    // The thread's second build: the same thread.
    expect(await answer()).toEqual({ version: "v2", thread: first.thread });
    await save(dev, project, "src/greeter.ts", "pong v2", "pong v3");
    // Its third would pass --recycle-after 2: a fresh thread, and the old one ended.
    const third = await answer();
    expect(third.version).toBe("v3");
    expect(third.thread).not.toBe(first.thread);
    await save(dev, project, "src/greeter.ts", "pong v3", "pong v4");
    expect(await answer()).toEqual({ version: "v4", thread: third.thread });
    // One gateway session the whole time, and every reload said so plainly.
    expect(await sessions(dev, project)).toHaveLength(1);
    expect(reloads(dev)).toHaveLength(3);
    expect(dev.stderr()).not.toMatch(/error|failed/i);
  });

  it("restarts code that threw outside any handler, and chatbot dev keeps running", async () => {
    const project = newProject();
    echoBoomCrashes(project);
    const dev = await start(project);
    expect(await use(dev, project, "echo", [{ name: "text", value: "boom" }])).toEqual({
      state: "answered",
      contents: ["echo: boom"],
    });
    await waitFor(
      dev.stderr,
      /the bot's code threw outside any handler, which ended it; restarting it\nsrc\/commands\/echo\.ts:\d+:\d+: Error: a timer of the bot's own blew up/,
    );
    await waitFor(dev.stdout, /^restarted the bot's code in \d+ ms, commands unchanged$/m);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });
    expect(await sessions(dev, project)).toHaveLength(1);
  });

  it("imports a build's files and packages as Node would: a file the build lacks is Node's own error", async () => {
    // On Node 22.15 and later the code thread resolves a build's imports itself (quicker); what it
    // cannot vouch for, a relative file that is not there, goes to Node.
    const project = newProject();
    const dev = await start(project);
    project.edit(
      "src/greeter.ts",
      'from "@chatbot/framework";',
      'from "@chatbot/framework";\nimport "./missing.js";',
    );
    await waitFor(dev.stderr, /reload of src\/greeter\.ts failed; the previous code keeps serving/);
    expect(dev.stderr()).toMatch(
      /Cannot find module '[^']*\/src\/missing\.js' imported from [^\n]*\/src\/greeter\.js/,
    );
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });

    // A package imported and required from the same build resolves by each one's conditions:
    // ws has an ES wrapper for import and its CommonJS entry for require.
    project.write(
      "src/commands/where.ts",
      [
        'import { createRequire } from "node:module";',
        'import { Command, CommandContext } from "@chatbot/framework";',
        '@Command({ name: "where", description: "Says where ws resolves" })',
        "export class Where {",
        "  async run(ctx: CommandContext) {",
        '    const imported = import.meta.resolve("ws").split("/").pop();',
        "    const require = createRequire(import.meta.url);",
        '    const required = require.resolve("ws").split("/").pop();',
        '    await ctx.reply(`${imported} ${required} ${typeof require("ws")}`);',
        "  }",
        "}",
        "",
      ].join("\n"),
    );
    project.edit("src/bot.ts", "commands: [Ping, Echo]", "commands: [Ping, Echo, Where]");
    project.edit(
      "src/bot.ts",
      `import { Seen }`,
      `import { Where } from "./commands/where.js";\nimport { Seen }`,
    );
    const before = reloads(dev).length;
    project.write("src/missing.ts", 'export const there = "yes";\n');
    await waitFor(() => (reloads(dev).length > before ? "yes" : ""), /yes/);
    const fixed = await save(dev, project, "src/greeter.ts", "pong v1", "pong v2");
    expect(fixed).toMatch(/^reloaded src\/greeter\.ts in \d+ ms/);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v2 for alice"] });
    expect(await use(dev, project, "where")).toEqual({
      state: "answered",
      contents: ["wrapper.mjs index.js function"],
    });
  });
});

const NOTES = `import { Command, CommandContext, Listener, OnSchedule, Option, RestClient, Scheduler, StateStore, type JobInfo } from "@chatbot/framework";

@Command({ name: "remember", description: "Keeps a note" })
export class Remember {
  constructor(private readonly store: StateStore, private readonly scheduler: Scheduler) {}
  async run(ctx: CommandContext, @Option.string("text", "The note") text: string) {
    await this.store.set("note", text);
    await this.scheduler.schedule({ afterMs: 1_500 }, "say-note", { channelId: ctx.channelId }, { key: "say-note" });
    await ctx.reply("kept");
  }
}

@Command({ name: "recall", description: "Says the note" })
export class Recall {
  constructor(private readonly store: StateStore) {}
  async run(ctx: CommandContext) {
    await ctx.reply(\`note: \${(await this.store.get<string>("note")) ?? "nothing"}\`);
  }
}

@Listener()
export class SayNote {
  constructor(private readonly store: StateStore, private readonly rest: RestClient) {}
  @OnSchedule("say-note")
  async say(payload: { channelId: string }, job: JobInfo) {
    const note = await this.store.get<string>("note");
    await this.rest.createMessage(payload.channelId, { content: \`the note was \${note} (late: \${job.late})\` });
  }
}
`;

describe("chatbot dev's state", () => {
  it("is the store file's one writer: a second chatbot dev on the project is refused, naming the first", async () => {
    const project = newProject();
    const dev = await start(project);
    const second = spawnSync(process.execPath, [CHATBOT_BIN, "dev", "--port", "0", "--no-prompt"], {
      cwd: project.root,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(second.status).not.toBe(0);
    expect(second.stderr).toContain(
      `is the store of another bot process that is still running (pid ${dev.child.pid})`,
    );
    // The first one goes on: its code threads (recycled or not) claim nothing of their own.
    expect((await use(dev, project, "ping")).contents).toEqual(["pong v1 for alice"]);
  });

  it("keeps the store and scheduled jobs across a reload and a restart in .chatbot/, and --fresh clears them", async () => {
    const project = newProject();
    project.write("src/notes.ts", NOTES);
    project.edit("src/bot.ts", "commands: [Ping, Echo]", "commands: [Ping, Echo, Remember, Recall]");
    project.edit("src/bot.ts", "listeners: [Seen]", "listeners: [Seen, SayNote]");
    project.edit(
      "src/bot.ts",
      `import { Seen }`,
      `import { Recall, Remember, SayNote } from "./notes.js";\nimport { Seen }`,
    );
    let dev = await start(project);
    expect(await use(dev, project, "remember", [{ name: "text", value: "milk" }])).toEqual({
      state: "answered",
      contents: ["kept"],
    });
    // A save: the new code reads what the old one wrote.
    await save(dev, project, "src/greeter.ts", "pong v1", "pong v2");
    expect((await use(dev, project, "recall")).contents).toEqual(["note: milk"]);

    // Stopped before the job is due, started again after: the job runs at start, marked late.
    dev.child.kill("SIGINT");
    await new Promise((resolve) => dev.child.once("exit", resolve));
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    dev = await start(project);
    expect((await use(dev, project, "recall")).contents).toEqual(["note: milk"]);
    const { channels } = project.world();
    const messages = async () => {
      const res = await fetch(`${dev.baseUrl}/dev/v1/channels/${channels.general}/messages?limit=20`, {
        headers: { "x-dev-user": "alice" },
      });
      return ((await res.json()) as Array<{ content: string }>).map((m) => m.content);
    };
    for (let i = 0; i < 100 && !(await messages()).includes("the note was milk (late: true)"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await messages()).filter((m) => m.startsWith("the note was"))).toEqual([
      "the note was milk (late: true)",
    ]);

    dev.child.kill("SIGINT");
    await new Promise((resolve) => dev.child.once("exit", resolve));
    dev = await start(project, ["--fresh"]);
    expect((await use(dev, project, "recall")).contents).toEqual(["note: nothing"]);
  });
});
