// The history rule follows the server's log order, never clock readings: every test here runs at
// one reading of the manual clock (it is never advanced), as a test world's clock stands still.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Message } from "@chatbot/protocol";
import { openSqlite } from "@chatbot/kit/sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventWorld, eventWorld, type GatewayClient, GatewayHarness } from "./gateway-harness.js";

let dir: string;
let h: GatewayHarness;
let w: EventWorld;
let start: number;

async function begin(dataPath?: string): Promise<void> {
  h = await GatewayHarness.start(dataPath ? { dataPath } : {});
  w = await eventWorld(h);
  // The bot may not Read message history in #general: the history rule applies.
  await h.dev(
    "PATCH",
    `/channels/${w.guild.generalId}`,
    { overwrites: [{ id: w.roleId, type: "role", deny: ["read_message_history"] }] },
    w.ownerId,
  );
  start = h.clock.now();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "presence-order-"));
});
afterEach(async () => {
  expect(h.clock.now()).toBe(start);
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (content: string) =>
  h.dev<Message>("POST", `/channels/${w.guild.generalId}/messages`, { content }, w.memberId);

/** Whether the bot can read `message` one by one (200) or not (404). */
async function readsOne(message: Message): Promise<boolean> {
  const answer = await h.bot(w.app.token, "GET", `/v1/channels/${w.guild.generalId}/messages/${message.id}`);
  expect([200, 404]).toContain(answer.status);
  return answer.status === 200;
}

async function listed(): Promise<string[]> {
  const answer = await h.bot<Message[]>(w.app.token, "GET", `/v1/channels/${w.guild.generalId}/messages`);
  expect(answer.headers.get("x-history-hidden")).toBe("1");
  return answer.body.map((m) => m.content);
}

/** Closes the bot's socket and waits (bounded) until the server has let the connection go. */
async function disconnect(client: GatewayClient): Promise<void> {
  client.ws.close();
  await client.closed;
  for (let i = 0; i < 500 && h.server.core.presence.isConnected(w.app.id); i++) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  expect(h.server.core.presence.isConnected(w.app.id)).toBe(false);
}

describe("the history rule at one clock reading", () => {
  it("hides what was posted before the bot connected and after it left, one by one and in the list", async () => {
    await begin();
    const before = await post("before");
    const first = await h.connect(w.app.token, ["guilds"]);
    const during = await post("during");
    await disconnect(first.client);
    const after = await post("after");
    const second = await h.connect(w.app.token, ["guilds"]);
    const again = await post("again");

    expect(await readsOne(before)).toBe(false);
    expect(await readsOne(during)).toBe(true);
    expect(await readsOne(after)).toBe(false);
    expect(await readsOne(again)).toBe(true);
    expect(await listed()).toEqual(["again", "during"]);
    await disconnect(second.client);
    expect(await listed()).toEqual(["again", "during"]);
  });

  it("keeps the presence record small over 3,000 connects and still answers rightly", async () => {
    const dataPath = join(dir, "world.db");
    await begin(dataPath);
    const presence = h.server.core.presence;
    const during: Message[] = [];
    const between: Message[] = [];
    for (let i = 0; i < 3_000; i++) {
      presence.connected(w.app.id);
      if (i % 100 === 50) during.push(await post(`during ${i}`));
      presence.disconnected(w.app.id);
      if (i % 100 === 0) between.push(await post(`between ${i}`));
    }
    const stored = () => {
      const db = openSqlite(dataPath);
      try {
        const row = db
          .prepare<[], { data: string }>("SELECT data FROM records WHERE kind = 'presence'")
          .get();
        return row?.data ?? "";
      } finally {
        db.close();
      }
    };
    // One span per connection that saw a message (30), against 3,000 intervals (90 KB) before.
    expect(presence.spansOf(w.app.id)).toHaveLength(30);
    expect(stored().length).toBeLessThan(2_000);
    for (const message of during) expect(await readsOne(message)).toBe(true);
    for (const message of between) expect(await readsOne(message)).toBe(false);

    // Messages that go away take their spans with them at the next connect.
    await h.dev(
      "POST",
      `/channels/${w.guild.generalId}/messages/bulk-delete`,
      { ids: during.slice(1).map((m) => m.id) },
      w.ownerId,
    );
    presence.connected(w.app.id);
    presence.disconnected(w.app.id);
    expect(presence.spansOf(w.app.id)).toHaveLength(1);
    expect(JSON.parse(stored())).toEqual({
      application_id: w.app.id,
      spans: [presence.spansOf(w.app.id)[0]],
    });
    expect(await readsOne(during[0]!)).toBe(true);
    expect(await listed()).toEqual(["during 50"]);
  });

  it("reads a data file that kept clock intervals, and rewrites it as spans", async () => {
    const dataPath = join(dir, "world.db");
    await begin(dataPath);
    const kept = await post("kept");
    const app = w.app;
    const legacy = { application_id: app.id, intervals: [[start - 1, start]] };
    await h.close();
    const db = openSqlite(dataPath);
    db.prepare("INSERT INTO records (kind, key, data) VALUES ('presence', ?, ?)").run(
      app.id,
      JSON.stringify(legacy),
    );
    db.close();

    h = await GatewayHarness.start({ dataPath });
    start = h.clock.now();
    const rows = h.server.core.world.tables.presence;
    expect(Object.keys(rows.get(app.id) ?? {})).toEqual(["application_id", "spans"]);
    expect(h.server.core.presence.wasConnectedAt(app.id, kept.id)).toBe(true);
    const after = await post("after");
    expect(h.server.core.presence.wasConnectedAt(app.id, after.id)).toBe(false);
  });
});
