import { spawn, spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { CHATBOT_BIN, type ServerProcess, startServerProcess } from "./run-cli.js";

const DEMO = new URL("../../../examples/worlds/demo.json", import.meta.url).pathname;
const GENERAL = "100000000000005001";
const bot = { authorization: "Bot demo-bot-token" };

const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill("SIGKILL");
});

async function start(args: readonly string[]): Promise<ServerProcess> {
  const server = await startServerProcess(["--port", "0", "--seed", DEMO, ...args]);
  servers.push(server);
  return server;
}

/** Waits (at most 5 s) until the server's standard output matches `pattern`. */
async function printed(server: ServerProcess, pattern: RegExp): Promise<void> {
  for (let waited = 0; !pattern.test(server.stdout()); waited += 20) {
    if (waited > 5_000) throw new Error(`${pattern} never printed; stdout: ${server.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Connects the demo bot to the gateway and resolves once READY came. */
function connectDemoBot(gatewayUrl: string): Promise<WebSocket> {
  const ws = new WebSocket(gatewayUrl);
  return new Promise((resolve, reject) => {
    ws.on("message", (data: Buffer) => {
      const frame = JSON.parse(data.toString("utf8")) as { op: string; t?: string };
      if (frame.op === "hello")
        ws.send(JSON.stringify({ op: "identify", d: { token: "demo-bot-token", intents: ["guilds"] } }));
      if (frame.t === "READY") resolve(ws);
    });
    ws.once("close", (code) => reject(new Error(`closed with ${code} before READY`)));
  });
}

const TIME = String.raw`\d\d:\d\d:\d\d\.\d{3}`;

describe("chatbot server's request log", () => {
  it("with --log prints a line per /v1 call, webhook post and gateway event", async () => {
    const server = await start(["--log"]);
    expect((await fetch(`${server.baseUrl}/v1/users/@me`, { headers: bot })).status).toBe(200);
    await printed(server, new RegExp(`^${TIME} \\[Demo bot\\] GET /v1/users/@me 200 \\d+ms$`, "m"));

    const made = (await fetch(`${server.baseUrl}/dev/v1/channels/${GENERAL}/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dev-user": "ada" },
      body: JSON.stringify({ name: "Deploys" }),
    }).then((r) => r.json())) as { url: string; webhook: { id: string } };
    const executed = await fetch(made.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "deployed" }),
    });
    expect(executed.status).toBe(204);
    await printed(
      server,
      new RegExp(`^${TIME} \\[webhook\\] POST /api/webhooks/${made.webhook.id}/… 204 \\d+ms$`, "m"),
    );
    expect(server.stdout()).not.toContain(made.url.split("/").pop()!);

    const ws = await connectDemoBot(server.gatewayUrl);
    await printed(server, new RegExp(`^${TIME} \\[Demo bot\\] gateway READY s=1$`, "m"));
    await printed(server, new RegExp(`^${TIME} \\[Demo bot\\] gateway GUILD_CREATE s=2$`, "m"));
    ws.terminate();
    // The dev API calls are not logged.
    expect(server.stdout()).not.toContain("/dev/v1");
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  });

  it("is off when standard output is not a terminal, and with --no-log", async () => {
    for (const args of [[], ["--no-log"]]) {
      const server = await start(args);
      expect((await fetch(`${server.baseUrl}/v1/users/@me`, { headers: bot })).status).toBe(200);
      const ws = await connectDemoBot(server.gatewayUrl);
      ws.terminate();
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
      expect(server.stdout().trim().split("\n")).toEqual([
        `ready base_url=${server.baseUrl} gateway_url=${server.gatewayUrl}`,
      ]);
    }
  });

  // util-linux `script` runs the server on a pseudo-terminal, as a developer's shell does. It runs
  // the command through $SHELL or /bin/sh; `exec` makes the server the terminal's process itself, as
  // dash (CI has no $SHELL) would otherwise stay in between and die of the Ctrl-C with 130.
  const hasScript = spawnSync("script", ["--version"]).status === 0;
  it.skipIf(!hasScript)("is on by default when standard output is a terminal", async () => {
    const command = `exec ${process.execPath} ${CHATBOT_BIN} server --port 0 --seed ${DEMO}`;
    const child = spawn("script", ["-qfec", command, "/dev/null"], { stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const until = async (pattern: RegExp) => {
      for (let waited = 0; !pattern.test(out); waited += 20) {
        if (waited > 15_000) throw new Error(`${pattern} never printed; output: ${JSON.stringify(out)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      await until(/ready base_url=\S+ gateway_url=\S+\r?\n/);
      const baseUrl = /ready base_url=(\S+)/.exec(out)![1]!;
      expect((await fetch(`${baseUrl}/v1/users/@me`, { headers: bot })).status).toBe(200);
      await until(new RegExp(`^${TIME} \\[Demo bot\\] GET /v1/users/@me 200 \\d+ms\r?$`, "m"));
      // Ctrl-C on the terminal: SIGINT to the server, which closes.
      child.stdin.write("\x03");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
