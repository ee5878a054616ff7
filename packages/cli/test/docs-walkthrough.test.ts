import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { bash, codeBlock, readPage } from "./doc-blocks.js";
import { type ServerProcess, startServerProcess } from "./run-cli.js";

const guide = readPage("docs/reference-server.md");

/** The `lang` block of the guide whose first line starts with `first`. */
const block = (first: string, lang = "sh") => codeBlock(guide, "docs/reference-server.md", first, lang);

/** A bot connected to the gateway: what it received, and how its connection closed. */
async function connectBot(gatewayUrl: string, token: string) {
  const ws = new WebSocket(gatewayUrl);
  const events: string[] = [];
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    ws.on("message", (data: Buffer) => {
      const frame = JSON.parse(data.toString("utf8")) as { op: string; t?: string };
      if (frame.op === "hello")
        ws.send(JSON.stringify({ op: "identify", d: { token, intents: ["guilds"] } }));
      if (frame.op !== "dispatch" || !frame.t) return;
      events.push(frame.t);
      if (frame.t === "READY") resolve();
    });
    ws.once("close", (code) => reject(new Error(`the gateway closed with ${code} before READY`)));
  });
  await ready;
  /** Resolves once an event of `type` has come (spawnSync holds frames until the loop runs again). */
  const received = (type: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} came`)), 5_000);
      const check = () => {
        if (!events.includes(type)) return;
        clearTimeout(timer);
        ws.off("message", check);
        resolve();
      };
      ws.on("message", check);
      check();
    });
  return { events, closed, received, close: () => ws.terminate() };
}

const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A guide block pointed at `server` instead of the default port. */
const local = (server: ServerProcess, script: string) =>
  script.replaceAll("http://127.0.0.1:8787", server.baseUrl);

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess(["--port", "0", "--manual-clock"]);
  servers.push(server);
  return server;
}

describe("docs/reference-server.md", () => {
  it("the curl walk-through and the dev API examples run as written", async () => {
    const server = await startServer();
    const script = local(server, [block("B=http://127.0.0.1:8787"), block("# Two more people")].join("\n"));
    // Every curl answer is printed; `-f` is not used so error bodies would show up in the output.
    const run = bash(script);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    // The only error is the one the example shows: Linus posting while timed out.
    expect([...run.stdout.matchAll(/"code":"?(\w+)/g)].map((m) => m[1])).toEqual(["missing_permission"]);

    const world = (await fetch(`${server.baseUrl}/dev/v1/world`).then((r) => r.json())) as {
      users: Array<{ id: string; username: string }>;
      messages: Array<{ content: string; author_id: string }>;
      channels: Array<{ name: string }>;
      members: Array<{ user_id: string; communication_disabled_until: number | null }>;
    };
    const linus = world.users.find((u) => u.username === "linus")!.id;
    expect(world.messages.map((m) => m.content).sort()).toEqual(["back again", "hello Ada", "hello bot"]);
    expect(world.messages.find((m) => m.content === "back again")?.author_id).toBe(linus);
    expect(world.channels.map((c) => c.name)).toContain("mods");
    // The clock moved past the end of the timeout, which the server then cleared.
    expect(world.members.find((m) => m.user_id === linus)?.communication_disabled_until).toBeNull();
  });

  it("the inspector example runs as written: the bot's post is the newest record", async () => {
    const server = await startServer();
    const script = [
      block("B=http://127.0.0.1:8787"),
      block("# With B, TOKEN and CHANNEL of the walk-through above: the bot posts"),
    ];
    const run = bash(local(server, script.join("\n")));
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    // Earlier curl answers end without a newline: the record is the end of the last line.
    const last = /\{"kind":[^\n]*\}$/.exec(run.stdout.trim())?.[0] ?? run.stdout;
    expect(JSON.parse(last)).toEqual({
      kind: "rest",
      method: "POST",
      path: expect.stringMatching(/^\/v1\/channels\/\d+\/messages$/),
      status: 201,
    });
  });

  it("the commands, interactions, webhooks, AutoMod and faults examples run as written", async () => {
    const server = await startServer();
    const dir = mkdtempSync(join(tmpdir(), "docs-examples-"));
    dirs.push(dir);
    const state = join(dir, "walkthrough.sh");
    // The walk-through first, its variables kept for the sections that say they use them.
    const setup = bash(
      local(
        server,
        [
          block("B=http://127.0.0.1:8787"),
          block("# Two more people"),
          `declare -p B ADA GRACE GUILD_ID CHANNEL TOKEN APP > ${state}`,
        ].join("\n"),
      ),
    );
    expect(setup.stderr).toBe("");
    expect(setup.status).toBe(0);
    const token = /declare -- TOKEN="([^"]+)"/.exec(readFileSync(state, "utf8"))?.[1] ?? "";

    const commands = bash(`source ${state}\n${local(server, block("# With B, TOKEN and GUILD_ID"))}`);
    expect(commands.stderr).toBe("");
    expect(commands.stdout).not.toMatch(/"code":/);

    // "The bot must be connected to the gateway to receive it."
    const bot = await connectBot(server.gatewayUrl, token);
    const sections = [
      block("# Ada uses /roll"),
      block("# Ada makes a webhook"),
      block("curl -s $B/dev/v1/guilds"),
    ];
    const run = bash(`source ${state}\n${local(server, sections.join("\n"))}`);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    // The only error is the one the AutoMod example shows; the multipart post answers 415.
    expect([...run.stdout.matchAll(/"code":"?(\w+)/g)].map((m) => m[1])).toEqual(["automod_blocked"]);
    expect(run.stdout).toMatch(/(?:^|[}\]])415$/m);
    await bot.received("INTERACTION_CREATE");

    const world = (await fetch(`${server.baseUrl}/dev/v1/world`).then((r) => r.json())) as {
      messages: Array<{ content: string; webhook_id?: string | null }>;
    };
    const contents = world.messages.map((m) => m.content);
    expect(contents).toEqual(expect.arrayContaining(["Ada rolled a die", "v1.2 is out @ada"]));
    expect(contents.some((c) => c.startsWith("SPOILERS"))).toBe(false);
    const interaction = /"id":"(\d+)","state":"answered"/.exec(run.stdout);
    expect(interaction).not.toBeNull();

    // The faults example, last: the app's gateway connection is closed with the code it names.
    const faults = bash(`source ${state}\n${local(server, block("# The next two message posts"))}`);
    expect(faults.stderr).toBe("");
    expect(faults.stdout).not.toMatch(/"code":/);
    expect(await bot.closed).toBe(4000);
    bot.close();
  });

  it("the 20-line bot of the gateway section receives a person's message", async () => {
    const server = await startServer();
    const run = bash(`${local(server, block("B=http://127.0.0.1:8787"))}\necho; echo "TOKEN=$TOKEN"`);
    expect(run.status).toBe(0);
    const token = /^TOKEN=(\S+)$/m.exec(run.stdout)?.[1] ?? "";
    // Inside node_modules, so that the bot's `import WebSocket from "ws"` resolves as after `npm install ws`.
    const cache = join(fileURLToPath(new URL("../../../node_modules/.cache/", import.meta.url)));
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, "docs-bot-"));
    dirs.push(dir);
    writeFileSync(join(dir, "bot.mjs"), local(server, block('import WebSocket from "ws"', "js")));
    const bot = spawn(process.execPath, [join(dir, "bot.mjs"), token], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    bot.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    bot.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    try {
      await until(() => out.includes("GUILD_CREATE"));
      const people = (await fetch(`${server.baseUrl}/dev/v1/world`).then((r) => r.json())) as {
        users: Array<{ id: string; username: string }>;
        channels: Array<{ id: string }>;
      };
      const ada = people.users.find((u) => u.username === "ada")!;
      const posted = await fetch(`${server.baseUrl}/dev/v1/channels/${people.channels[0]!.id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-user": ada.id },
        body: JSON.stringify({ content: "hello from the docs test" }),
      });
      expect(posted.status).toBe(201);
      await until(() => out.includes("MESSAGE_CREATE hello from the docs test"));
      expect(out).toMatch(/^1 READY/m);
    } catch (error) {
      throw new Error(`the bot printed: ${out}${err}`, { cause: error });
    } finally {
      bot.kill();
    }
  });

  it("the front page and the X-Dev-User username examples run as written", async () => {
    const server = await startServer();
    const front = bash(local(server, block("curl -s http://127.0.0.1:8787/")));
    expect(front.stderr).toBe("");
    expect(front.status).toBe(0);
    expect(front.stdout).toContain(`REST (bots)   ${server.baseUrl}/v1`);
    expect(front.stdout.trim().split("\n").at(-1)).toBe(server.gatewayUrl);

    const byName = bash(
      local(server, [block("B=http://127.0.0.1:8787"), block("# With B and CHANNEL")].join("\n")),
    );
    expect(byName.stderr).toBe("");
    expect(byName.status).toBe(0);
    expect(byName.stdout).not.toMatch(/"code":/);
    const world = (await fetch(`${server.baseUrl}/dev/v1/world`).then((r) => r.json())) as {
      users: Array<{ id: string; username: string }>;
      messages: Array<{ content: string; author_id: string }>;
    };
    const ada = world.users.find((u) => u.username === "ada")!.id;
    expect(world.messages.find((m) => m.content === "hello by name")?.author_id).toBe(ada);
  });
});

/** Waits (at most 5 s) until `done()` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 5_000) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
