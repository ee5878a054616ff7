import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DevProject, use, waitFor } from "./dev-project.js";
import type { ServerProcess } from "./run-cli.js";

const GREETER = `import { singleton } from "@chatbot/framework";

@singleton()
export class Greeter {
  greet(name: string): string {
    return \`pong v1 for \${name}\`;
  }
}
`;

// The command gets its service by constructor injection: this runs only if the transform of
// \`chatbot dev\` emits decorator metadata (esbuild and tsx do not).
const PING = `import { Command, CommandContext } from "@chatbot/framework";
import { Greeter } from "../greeter.js";

@Command({ name: "ping", description: "Answers pong" })
export class Ping {
  constructor(private readonly greeter: Greeter) {}
  async run(ctx: CommandContext) {
    await ctx.reply(this.greeter.greet(ctx.user.username));
  }
}
`;

const ECHO = `import { Command, CommandContext, Option } from "@chatbot/framework";

@Command({ name: "echo", description: "Says it back" })
export class Echo {
  async run(ctx: CommandContext, @Option.string("text", "What to say") text: string) {
    await ctx.reply(\`echo: \${text}\`);
  }
}
`;

const SEEN = `import { Listener, On, RestClient, type EventPayload } from "@chatbot/framework";

@Listener()
export class Seen {
  constructor(private readonly rest: RestClient) {}
  @On("MESSAGE_CREATE")
  async seen(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.author.bot) return;
    await this.rest.createMessage(message.channel_id, { content: \`seen v1: \${message.content}\` });
  }
}
`;

const BOT = `import { defineBot } from "@chatbot/framework";
import { Echo } from "./commands/echo.js";
import { Ping } from "./commands/ping.js";
import { Seen } from "./listeners/seen.js";

export default defineBot({ commands: [Ping, Echo], listeners: [Seen], messageContent: true });
`;

const projects: DevProject[] = [];
const running: ServerProcess[] = [];
afterAll(() => {
  for (const dev of running) dev.child.kill("SIGKILL");
  for (const project of projects) project.remove();
});

function newProject(): DevProject {
  const project = new DevProject({
    "src/greeter.ts": GREETER,
    "src/commands/ping.ts": PING,
    "src/commands/echo.ts": ECHO,
    "src/listeners/seen.ts": SEEN,
    "src/bot.ts": BOT,
  });
  projects.push(project);
  return project;
}

async function start(project: DevProject, args: readonly string[] = []): Promise<ServerProcess> {
  const dev = await project.dev(args);
  running.push(dev);
  return dev;
}

const reloads = (dev: ServerProcess) => dev.stdout().match(/^reloaded .*$/gm) ?? [];

/** Saves an edit and waits for the reload line it causes. */
async function save(dev: ServerProcess, project: DevProject, path: string, from: string, to: string) {
  const before = reloads(dev).length;
  project.edit(path, from, to);
  await waitFor(() => (reloads(dev).length > before ? "yes" : ""), /yes/);
  return reloads(dev).at(-1)!;
}

async function sessions(dev: ServerProcess, project: DevProject): Promise<unknown[]> {
  const res = await fetch(`${dev.baseUrl}/dev/v1/apps/${project.world().appId}/sessions`);
  return (await res.json()) as unknown[];
}

describe("chatbot dev", () => {
  it("prints the ready line, answers a command through DI, and reloads an edit on the same connection", async () => {
    const project = newProject();
    const dev = await start(project);
    expect(dev.stdout().split("\n")[0]).toMatch(
      /^ready base_url=(http:\/\/127\.0\.0\.1:\d+) gateway_url=ws:\/\/\S+ console_url=\1\/console\/$/,
    );

    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });
    await waitFor(
      dev.stdout,
      /\/ping by alice: answered, delivered \d+ ms after use, first callback after \d+ ms/,
    );

    const line = await save(dev, project, "src/greeter.ts", "pong v1", "pong v2");
    expect(line).toMatch(/^reloaded src\/greeter\.ts in \d+ ms, commands unchanged$/);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v2 for alice"] });
    // One gateway session the whole time: the reload did not identify again.
    expect(await sessions(dev, project)).toHaveLength(1);
  });

  it("re-syncs commands when their options change, and not for an unrelated edit", async () => {
    const project = newProject();
    const dev = await start(project);
    const changed = await save(
      dev,
      project,
      "src/commands/echo.ts",
      `@Option.string("text", "What to say") text: string`,
      `@Option.string("text", "What to say", { maxLength: 10 }) text: string`,
    );
    expect(changed).toMatch(
      /^reloaded src\/commands\/echo\.ts in \d+ ms, commands synced \(global: ~ echo \(options\.text\.max_length\)\)$/,
    );
    const refused = await fetch(
      `${dev.baseUrl}/dev/v1/channels/${project.world().channels.general}/interactions`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-user": "alice" },
        body: JSON.stringify({ name: "echo", options: [{ name: "text", value: "far too long for it" }] }),
      },
    );
    expect(refused.status).toBe(400);

    const unrelated = await save(dev, project, "src/commands/echo.ts", "echo: ", "echo! ");
    expect(unrelated).toMatch(/commands unchanged$/);
    expect(await use(dev, project, "echo", [{ name: "text", value: "hi" }])).toEqual({
      state: "answered",
      contents: ["echo! hi"],
    });
  });

  it("keeps the old code answering through a syntax error, printing where it is, until it is fixed", async () => {
    const project = newProject();
    const dev = await start(project);
    project.edit("src/greeter.ts", "return `pong v1", "return = `pong v1");
    const failed = await waitFor(
      dev.stderr,
      /reload of src\/greeter\.ts failed; the previous code keeps serving\n(.*)\n([^]*?)\n\s*\^?/,
    );
    expect(failed[1]).toMatch(/^src\/greeter\.ts:6:\d+: /);
    expect(dev.stderr()).toContain("> 6 |     return = `pong v1 for ${name}`;\n    |            ^");
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });

    const fixed = await save(dev, project, "src/greeter.ts", "return = `pong v1", "return `pong v3");
    expect(fixed).toMatch(/^reloaded src\/greeter\.ts in \d+ ms, commands unchanged$/);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v3 for alice"] });
  });

  it("holds an event that arrives during a reload and gives it to the new code once", async () => {
    const project = newProject();
    const dev = await start(project);
    const { channels } = project.world();
    // The new code takes a second to load (a top-level await), so the message surely comes meanwhile.
    project.write(
      "src/slow.ts",
      "export const loaded = await new Promise((r) => setTimeout(() => r(true), 1_000));\n",
    );
    project.edit(
      "src/bot.ts",
      `import { Seen } from "./listeners/seen.js";`,
      `import { Seen } from "./listeners/seen.js";\nimport "./slow.js";`,
    );
    await save(dev, project, "src/listeners/seen.ts", "seen v1", "seen v2");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = reloads(dev).length;
    // ... and this one arrives while the reload that makes it slow is under way.
    project.edit("src/listeners/seen.ts", "seen v2", "seen v3");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const posted = await fetch(`${dev.baseUrl}/dev/v1/channels/${channels.general}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dev-user": "alice" },
      body: JSON.stringify({ content: "during" }),
    });
    expect(posted.status).toBe(201);
    expect(reloads(dev).length).toBe(before); // still reloading when the message was posted
    await waitFor(() => (reloads(dev).length > before ? "yes" : ""), /yes/);
    const list = async () => {
      const res = await fetch(`${dev.baseUrl}/dev/v1/channels/${channels.general}/messages?limit=20`, {
        headers: { "x-dev-user": "alice" },
      });
      return ((await res.json()) as Array<{ content: string }>).map((m) => m.content);
    };
    for (let i = 0; i < 20 && !(await list()).includes("seen v3: during"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = (await list()).filter((c) => c.endsWith(": during"));
    expect(seen).toEqual(["seen v3: during"]);
  });

  it("stops everything on Ctrl-C within 2 s, leaving nothing on its port", async () => {
    const project = newProject();
    const dev = await start(project);
    const asked = Date.now();
    dev.child.kill("SIGINT");
    const exit = await dev.exited;
    expect(Date.now() - asked).toBeLessThan(2_000);
    expect(exit.code).toBe(0);
    await expect(fetch(`${dev.baseUrl}/v1/gateway`)).rejects.toThrow();
  });
});

describe("chatbot dev under quick saves", () => {
  it("always ends on what is on disk: two saves 35 ms apart, then 20 saves 10 ms apart", async () => {
    const project = newProject();
    const dev = await start(project);
    expect(await use(dev, project, "ping")).toEqual({ state: "answered", contents: ["pong v1 for alice"] });
    const greeter = (version: string) => GREETER.replace("pong v1", `pong ${version}`);
    const settle = async (version: string) => {
      // Whatever the reloads, the last one must answer with the last content saved.
      for (let i = 0; i < 100; i++) {
        const answer = await use(dev, project, "ping");
        if (answer.contents[0] === `pong ${version} for alice`) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await use(dev, project, "ping")).contents).toEqual([`pong ${version} for alice`]);
    };
    for (let pair = 0; pair < 3; pair++) {
      project.write("src/greeter.ts", greeter(`a${pair}`));
      await new Promise((resolve) => setTimeout(resolve, 35));
      project.write("src/greeter.ts", greeter(`b${pair}`));
      await settle(`b${pair}`);
    }
    for (let i = 0; i < 20; i++) {
      project.write("src/greeter.ts", greeter(`burst${i}`));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await settle("burst19");
    // Only the running generation's build is kept: not one folder per save (the one before it goes
    // once the new generation has taken over, a moment after it answers).
    await expect.poll(() => readdirSync(join(project.root, ".chatbot", "build"))).toHaveLength(1);
  });
});

describe("chatbot dev when a reload needs more intents", () => {
  const listener = (name: string, event: string) => `import { Listener, On } from "@chatbot/framework";

@Listener()
export class ${name} {
  @On("${event}")
  noted() {}
}
`;

  it("widens the install in place: no message posted meanwhile is lost", async () => {
    const project = newProject();
    // The bot notes each message it hears in a file (answering each would meet the channel's rate
    // limit, 5 posts per 5 s, and slow the test down to it).
    project.write(
      "src/listeners/seen.ts",
      `import { appendFileSync } from "node:fs";
import { Listener, On, type EventPayload } from "@chatbot/framework";

@Listener()
export class Seen {
  @On("MESSAGE_CREATE")
  seen(message: EventPayload<"MESSAGE_CREATE">) {
    appendFileSync("heard.txt", \`seen v1: \${message.content}\\n\`);
  }
}
`,
    );
    project.write("src/listeners/reacts.ts", listener("Reacts", "MESSAGE_REACTION_ADD"));
    project.write("src/listeners/bans.ts", listener("Bans", "GUILD_BAN_ADD"));
    project.write("src/listeners/emojis.ts", listener("Emojis", "GUILD_EMOJIS_UPDATE"));
    const dev = await start(project);
    const { channels } = project.world();
    const post = (content: string) =>
      fetch(`${dev.baseUrl}/dev/v1/channels/${channels.general}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-user": "alice" },
        body: JSON.stringify({ content }),
      });
    // alice posts without pause (four posts in flight) while three saves each ask for a new intent.
    let posting = true;
    let sent = 0;
    const poster = async () => {
      while (posting) await post(`m${sent++}`);
    };
    const posters = Promise.all([poster(), poster(), poster(), poster()]);
    const listeners = ["Seen"];
    for (const name of ["Reacts", "Bans", "Emojis"]) {
      listeners.push(name);
      const imports = listeners
        .filter((l) => l !== "Seen")
        .map((l) => `import { ${l} } from "./listeners/${l.toLowerCase()}.js";`)
        .join("\n");
      const before = reloads(dev).length;
      project.write(
        "src/bot.ts",
        BOT.replace(
          'import { Seen } from "./listeners/seen.js";',
          `import { Seen } from "./listeners/seen.js";\n${imports}`,
        ).replace("listeners: [Seen]", `listeners: [${listeners.join(", ")}]`),
      );
      await waitFor(() => (reloads(dev).length > before ? reloads(dev).at(-1)! : ""), /\(reconnected\)/);
    }
    posting = false;
    await posters;
    // Every message alice posted was seen by the bot (it answers each with "seen v1: <text>").
    const expected = Array.from({ length: sent }, (_, i) => `seen v1: m${i}`);
    let seen: string[] = [];
    for (let waited = 0; waited < 10_000; waited += 100) {
      seen = project.read("heard.txt").split("\n").filter(Boolean);
      if (expected.every((s) => seen.includes(s))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect({ sent, unexpected: seen.filter((s) => !expected.includes(s)) }).toEqual({ sent, unexpected: [] });
    expect(
      expected.filter((s) => !seen.includes(s)),
      dev.stdout() + dev.stderr(),
    ).toEqual([]);
    expect(sent).toBeGreaterThan(5);
  });
});

describe("chatbot dev's type check", () => {
  it(
    "prints type errors with a code frame in the background, without holding back the reload",
    { timeout: 90_000 },
    async () => {
      const project = newProject();
      project.write(
        "tsconfig.json",
        JSON.stringify({
          compilerOptions: {
            target: "ES2022",
            module: "NodeNext",
            moduleResolution: "NodeNext",
            strict: true,
            experimentalDecorators: true,
            emitDecoratorMetadata: true,
            skipLibCheck: true,
            types: [],
          },
          include: ["src"],
        }),
      );
      const dev = await start(project);
      const line = await save(
        dev,
        project,
        "src/greeter.ts",
        "greet(name: string): string {",
        'greet(name: string): string {\n    const n: number = "text";\n    void n;',
      );
      // The reload happened at once: the new code runs, type error and all.
      expect(line).toMatch(/^reloaded src\/greeter\.ts in \d+ ms/);
      const reported = await waitFor(
        () => dev.stderr(),
        /src\/greeter\.ts:6:11: Type 'string' is not assignable to type 'number'\. \(TS2322\)\n[\s\S]*?> 6 \|/,
        30_000,
      );
      expect(reported[0]).toMatch(/^src\/greeter\.ts:6:11/);
      expect(dev.stderr()).toContain('> 6 |     const n: number = "text";');
      // docs/cli.md shows this very report.
      const page = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8");
      const shown = /```text\n(type errors \(the bot still reloads[\s\S]*?)```/.exec(page)![1]!;
      for (const line of shown.trimEnd().split("\n")) expect(dev.stderr()).toContain(line);
      await save(dev, project, "src/greeter.ts", 'const n: number = "text";', "const n: number = 1;");
      await waitFor(dev.stdout, /types: no errors/, 30_000);
    },
  );
});

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
    project.edit(
      "src/commands/echo.ts",
      "await ctx.reply(`echo: ${text}`);",
      `await ctx.reply(\`echo: \${text}\`);
    if (text === "boom") setTimeout(() => { throw new Error("a timer of the bot's own blew up"); }, 5);`,
    );
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
