import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./run-cli.js";

const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, user?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (user) headers["x-dev-user"] = user;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

describe("chatbot server --data", () => {
  it("keeps every acknowledged change after kill -9", async () => {
    const dir = mkdtempSync(join(tmpdir(), "chatbot-durable-"));
    dirs.push(dir);
    const data = join(dir, "world.db");
    const first = await startServerProcess(["--port", "0", "--data", data, "--no-rate-limits"]);
    running.push(first);

    const owner = await call<{ id: string }>(first.baseUrl, "POST", "/dev/v1/users", { username: "ada" });
    expect(owner.status).toBe(201);
    const guild = await call<{ id: string; channels: Array<{ id: string }> }>(
      first.baseUrl,
      "POST",
      "/dev/v1/guilds",
      {
        name: "Durable",
        owner_id: owner.body.id,
      },
    );
    expect(guild.status).toBe(201);
    const channelId = guild.body.channels[0]!.id;
    const role = await call<{ id: string }>(
      first.baseUrl,
      "POST",
      `/dev/v1/guilds/${guild.body.id}/roles`,
      { name: "keepers", permissions: ["send_messages"] },
      owner.body.id,
    );
    expect(role.status).toBe(201);

    // Writes under way: several writers post as fast as the server answers; the process is killed
    // while requests are in flight. Only answered writes are owed after the restart.
    const acked = new Map<string, string>();
    let attempts = 0;
    let stop = false;
    const writer = async (w: number) => {
      while (!stop && attempts < 5_000) {
        attempts += 1;
        const content = `w${w}-${attempts}`;
        try {
          const res = await call<{ id: string; content: string }>(
            first.baseUrl,
            "POST",
            `/dev/v1/channels/${channelId}/messages`,
            { content },
            owner.body.id,
          );
          if (res.status === 201) acked.set(res.body.id, content);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    while (acked.size < 300 && attempts < 5_000) await new Promise((r) => setTimeout(r, 5));
    first.child.kill("SIGKILL");
    const ended = await first.exited;
    stop = true;
    await Promise.all(writers);
    expect(ended.signal).toBe("SIGKILL");
    expect(acked.size).toBeGreaterThanOrEqual(300);

    const second = await startServerProcess(["--port", "0", "--data", data, "--no-rate-limits"]);
    running.push(second);
    const found = new Map<string, string>();
    let before: string | undefined;
    for (let page = 0; page < 100; page++) {
      const query = `limit=100${before ? `&before=${before}` : ""}`;
      const res = await call<Array<{ id: string; content: string }>>(
        second.baseUrl,
        "GET",
        `/dev/v1/channels/${channelId}/messages?${query}`,
        undefined,
        owner.body.id,
      );
      expect(res.status).toBe(200);
      for (const m of res.body) found.set(m.id, m.content);
      if (res.body.length < 100) break;
      before = res.body.at(-1)!.id;
    }
    const lost = [...acked].filter(([id, content]) => found.get(id) !== content);
    expect(lost).toEqual([]);

    const world = await call<{ roles: Array<{ id: string; guild_id: string }> }>(
      second.baseUrl,
      "GET",
      "/dev/v1/world",
    );
    const roles = world.body.roles.filter((r) => r.guild_id === guild.body.id).map((r) => r.id);
    expect(roles).toContain(role.body.id);
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
  });
});
