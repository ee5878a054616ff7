import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { SeedWorld } from "../src/index.js";
import { exportWorld } from "../src/seed/world-export.js";
import { type Harness, ok, startHarness } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

/** A world whose export is about 1.5 MB: many pieces, more than a socket takes at once. */
function bigSeed(): SeedWorld {
  const users = Array.from({ length: 300 }, (_, i) => ({ id: String(10_000 + i), username: `user${i}` }));
  return {
    users,
    guilds: [{ id: "3001", name: "Guild", owner_id: "10000" }],
    channels: [{ id: "6001", guild_id: "3001", name: "general" }],
    members: users.slice(1).map((u) => ({ guild_id: "3001", user_id: u.id })),
    messages: Array.from({ length: 1_500 }, (_, i) => ({
      id: String(100_000 + i),
      channel_id: "6001",
      author_id: users[i % users.length]!.id,
      content: `message ${i} ${'é✓ "quoted" '.repeat(60)}`,
    })),
  } as unknown as SeedWorld;
}

/** GET /dev/v1/world read slowly: `meanwhile` runs once the first bytes came, before the rest is read. */
function slowGet(
  meanwhile: () => Promise<void>,
): Promise<{ text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${h.server.baseUrl}/dev/v1/world`, (res) => {
      const chunks: Buffer[] = [];
      let paused = false;
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (paused) return;
        paused = true;
        res.pause();
        meanwhile().then(() => res.resume(), reject);
      });
      res.on("end", () => resolve({ text: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /dev/v1/world streamed", () => {
  it("sends the bytes of the whole export, as of when it was asked, while the server goes on", async () => {
    h = await startHarness({ seed: bigSeed(), maxBodyBytes: 8_000_000 });
    const whole = JSON.stringify(exportWorld(h.server.core.world));
    expect(whole.length).toBeGreaterThan(1_000_000);
    let madeMeanwhile = "";
    const { text, headers } = await slowGet(async () => {
      // Served while the export waits for its reader: the answer still shows the world as it was,
      // though messages come after the first piece.
      const message = ok(
        await h.dev<{ id: string }>(
          "POST",
          "/dev/v1/channels/6001/messages",
          { content: "meanwhile" },
          { as: "10000" },
        ),
        201,
      );
      madeMeanwhile = message.id;
    });
    expect(headers["content-type"]).toBe("application/json; charset=utf-8");
    // Compared as one boolean: a failure would print two megabytes.
    expect(text === whole, "the bytes JSON.stringify(exportWorld()) gives").toBe(true);
    expect(madeMeanwhile).not.toBe("");
    expect(text).not.toContain("meanwhile");

    // The saved world loads again (the same world; a message's keys may come in another order), and
    // PUT answers the new world streamed the same way.
    const put = await fetch(`${h.server.baseUrl}/dev/v1/world`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: text,
    });
    expect(put.status).toBe(200);
    const reloaded = JSON.stringify(exportWorld(h.server.core.world));
    const putText = await put.text();
    expect(putText === reloaded, "PUT answers the export of the new world").toBe(true);
    expect(JSON.parse(putText)).toEqual(JSON.parse(whole));
    const again = await (await fetch(`${h.server.baseUrl}/dev/v1/world`)).text();
    expect(again === reloaded, "GET answers it again").toBe(true);
  });
});
