import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_OPTIONS } from "../src/server-options.js";
import { startServerProcess } from "./run-cli.js";

describe("chatbot server", () => {
  it("prints the ready line, serves /v1/gateway and stops cleanly on SIGINT", async () => {
    const server = await startServerProcess(["--port", "0"]);
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.gatewayUrl).toBe(`${server.baseUrl.replace("http", "ws")}/v1/gateway`);
    const clock = (await fetch(`${server.baseUrl}/dev/v1/clock`).then((r) => r.json())) as {
      controllable: boolean;
    };
    expect(clock.controllable).toBe(false);
    server.child.kill("SIGINT");
    expect((await server.exited).code).toBe(0);
  });

  it("loads the README's demo world, where the demo bot sees its server", async () => {
    const seed = new URL("../../../examples/worlds/demo.json", import.meta.url).pathname;
    const server = await startServerProcess(["--port", "0", "--seed", seed]);
    const headers = { authorization: "Bot demo-bot-token" };
    const guilds = (await fetch(`${server.baseUrl}/v1/users/@me/guilds`, { headers }).then((r) =>
      r.json(),
    )) as Array<{
      name: string;
    }>;
    expect(guilds.map((g) => g.name)).toEqual(["Demo Server"]);
    const channels = (await fetch(`${server.baseUrl}/v1/guilds/100000000000002001/channels`, {
      headers,
    }).then((r) => r.json())) as Array<{ name: string }>;
    // The moderators channel is hidden from the everyone role, and so from the bot.
    expect(channels.map((c) => c.name)).toEqual(["general", "announcements", "Lounge"]);
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  });

  it("passes --manual-clock to the server", async () => {
    const server = await startServerProcess(["--port", "0", "--manual-clock"]);
    const before = (await fetch(`${server.baseUrl}/dev/v1/clock`).then((r) => r.json())) as { now: number };
    const moved = await fetch(`${server.baseUrl}/dev/v1/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance_ms: 60_000 }),
    }).then((r) => r.json() as Promise<{ now: number }>);
    expect(moved.now).toBe(before.now + 60_000);
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  });

  it("docs/cli.md documents every flag of the table", () => {
    const page = readFileSync(new URL("../../../docs/cli.md", import.meta.url), "utf8");
    for (const [flag, spec] of Object.entries(SERVER_OPTIONS)) {
      // A boolean on by default is documented by the flag that changes it.
      const on = "default" in spec && spec.default === true;
      expect(page).toContain(on ? `--no-${flag}` : `--${flag}`);
    }
  });
});

describe("chatbot server's dev API", () => {
  it("tells a CLI user how to get a clock that moves by hand", async () => {
    const server = await startServerProcess(["--port", "0"]);
    const moved = await fetch(`${server.baseUrl}/dev/v1/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance_ms: 1_000 }),
    });
    expect(moved.status).toBe(409);
    expect(((await moved.json()) as { message: string }).message).toBe(
      "the server runs on the real clock; start it with a manual clock (`--manual-clock`, or `manualClock: true` in startServer)",
    );
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  });

  it("--dev-key is required on loopback too: a wrong or missing key answers 401", async () => {
    const server = await startServerProcess(["--port", "0", "--dev-key", "s3cret"]);
    const clock = (authorization?: string) =>
      fetch(`${server.baseUrl}/dev/v1/clock`, { headers: authorization ? { authorization } : {} });
    expect((await clock()).status).toBe(401);
    expect((await clock("Dev wrong")).status).toBe(401);
    expect((await clock("Dev s3cret")).status).toBe(200);
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  });
});
