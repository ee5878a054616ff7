import type { Message } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventWorld, eventWorld, GatewayHarness, payloadOf } from "./gateway-harness.js";

let h: GatewayHarness;
let w: EventWorld;
beforeEach(async () => {
  h = await GatewayHarness.start();
  w = await eventWorld(h);
});
afterEach(() => h.close());

const rich = {
  content: "hello there",
  embeds: [{ title: "An embed", description: "with text" }],
  attachments: [{ filename: "a.txt", size: 3 }],
  poll: { question: { text: "Tea?" }, answers: [{ text: "yes" }, { text: "no" }] },
};

function post(channelId: string, body: unknown, as: string): Promise<Message> {
  return h.dev<Message>("POST", `/channels/${channelId}/messages`, body, as);
}

describe("message events", () => {
  it("sends MESSAGE_CREATE with text, embeds, attachments and poll only with message_content", async () => {
    const full = await h.connect(w.app.token, ["guild_messages", "message_content"]);
    const sent = await post(w.guild.generalId, rich, w.memberId);
    const [event] = await full.client.drain();
    expect(event).toMatchObject({ t: "MESSAGE_CREATE", d: { id: sent.id, content: "hello there" } });
    expect(event?.d).toEqual({ ...sent, mentions: { users: [], roles: [], everyone: false } });
    expect(payloadOf<Message>(event).embeds).toHaveLength(1);

    const bare = await h.connect(w.app.token, ["guild_messages"]);
    await post(w.guild.generalId, rich, w.memberId);
    expect(await bare.client.drain()).toMatchObject([
      {
        t: "MESSAGE_CREATE",
        d: { content: "", content_available: false, embeds: [], attachments: [], poll: null },
      },
    ]);
  });

  it("shows the text without message_content when the message mentions the bot or the bot wrote it", async () => {
    const { client } = await h.connect(w.app.token, ["guild_messages"]);
    await post(w.guild.generalId, { content: `hey <@${w.app.botUserId}>` }, w.memberId);
    const own = await h.bot<Message>(w.app.token, "POST", `/v1/channels/${w.guild.generalId}/messages`, {
      content: "mine",
    });
    expect(own.status).toBe(201);
    const frames = await client.drain();
    expect(frames.map((f) => [(f.d as Message).content, (f.d as Message).content_available])).toEqual([
      [`hey <@${w.app.botUserId}>`, true],
      ["mine", true],
    ]);
  });

  it("sends edits, pins and deletes as MESSAGE_UPDATE and MESSAGE_DELETE", async () => {
    const { client } = await h.connect(w.app.token, ["guild_messages", "message_content"]);
    const m = await post(w.guild.generalId, { content: "first" }, w.memberId);
    await h.dev(
      "PATCH",
      `/channels/${w.guild.generalId}/messages/${m.id}`,
      { content: "second" },
      w.memberId,
    );
    await h.dev("PUT", `/channels/${w.guild.generalId}/messages/${m.id}/pin`, undefined, w.ownerId);
    await h.dev("DELETE", `/channels/${w.guild.generalId}/messages/${m.id}`, undefined, w.memberId);
    const frames = await client.drain();
    expect(frames.map((f) => f.t)).toEqual([
      "MESSAGE_CREATE",
      "MESSAGE_UPDATE",
      "MESSAGE_UPDATE",
      "MESSAGE_DELETE",
    ]);
    expect(frames[1]?.d).toMatchObject({ id: m.id, content: "second", pinned: false });
    expect(payloadOf<Message>(frames[1]).edited_at).toBeTypeOf("number");
    expect(frames[2]?.d).toMatchObject({ id: m.id, pinned: true });
    expect(frames[3]?.d).toEqual({ id: m.id, channel_id: w.guild.generalId, guild_id: w.guild.id });
  });

  it("sends reactions with guild_reactions only", async () => {
    const m = await post(w.guild.generalId, { content: "react" }, w.memberId);
    const both = await h.connect(w.app.token, ["guild_messages", "guild_reactions"]);
    const path = `/channels/${w.guild.generalId}/messages/${m.id}/reactions/${encodeURIComponent("👍")}`;
    await h.dev("PUT", path, undefined, w.memberId);
    await h.dev("DELETE", path, undefined, w.memberId);
    const payload = {
      channel_id: w.guild.generalId,
      guild_id: w.guild.id,
      message_id: m.id,
      user_id: w.memberId,
      emoji: { id: null, name: "👍" },
    };
    expect(await both.client.drain()).toMatchObject([
      { t: "MESSAGE_REACTION_ADD", d: payload },
      { t: "MESSAGE_REACTION_REMOVE", d: payload },
    ]);
    const messagesOnly = await h.connect(w.app.token, ["guild_messages"]);
    await h.dev("PUT", path, undefined, w.memberId);
    expect(await messagesOnly.client.drainTypes()).toEqual([]);
  });

  it("sends no message event without guild_messages, requested or granted", async () => {
    const notRequested = await h.connect(w.app.token, ["guilds", "message_content"]);
    await post(w.guild.generalId, { content: "x" }, w.memberId);
    expect(await notRequested.client.drainTypes()).toEqual([]);

    const other = await h.app("Narrow");
    const guild = await h.guild("Narrow", w.ownerId);
    await h.install(guild.id, other.id, w.ownerId, { intents: ["guilds"] });
    const notGranted = await h.connect(other.token, ["guilds", "guild_messages"]);
    await post(guild.generalId, { content: "x" }, w.ownerId);
    expect(await notGranted.client.drainTypes()).toEqual([]);
  });

  it("sends nothing about a channel the bot cannot see, checked as each event goes out", async () => {
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages", "guild_reactions"]);
    const secret = await h.dev<{ id: string }>(
      "POST",
      `/guilds/${w.guild.id}/channels`,
      {
        name: "secret",
        kind: "text",
        overwrites: [{ id: w.guild.everyoneRoleId, type: "role", deny: ["view_channels"] }],
      },
      w.ownerId,
    );
    const m = await post(secret.id, { content: "hidden" }, w.ownerId);
    await h.dev("PATCH", `/channels/${secret.id}/messages/${m.id}`, { content: "still" }, w.ownerId);
    await h.dev(
      "PUT",
      `/channels/${secret.id}/messages/${m.id}/reactions/%F0%9F%91%8D`,
      undefined,
      w.ownerId,
    );
    await h.dev("DELETE", `/channels/${secret.id}/messages/${m.id}`, undefined, w.ownerId);
    expect(await client.drainTypes()).toEqual([]);

    // The bot (its role) loses sight of #general: its messages stop at once.
    await h.dev(
      "PATCH",
      `/channels/${w.guild.generalId}`,
      { overwrites: [{ id: w.roleId, type: "role", deny: ["view_channels"] }] },
      w.ownerId,
    );
    expect(await client.drainTypes()).toEqual(["CHANNEL_DELETE", "GUILD_UPDATE"]);
    await post(w.guild.generalId, { content: "unseen" }, w.memberId);
    expect(await client.drainTypes()).toEqual([]);
  });

  it("lists in MESSAGE_DELETE_BULK only the messages the bot could see (the history rule)", async () => {
    // Without Read message history in #general, the bot sees only messages sent while connected.
    await h.dev(
      "PATCH",
      `/channels/${w.guild.generalId}`,
      { overwrites: [{ id: w.guild.everyoneRoleId, type: "role", deny: ["read_message_history"] }] },
      w.ownerId,
    );
    const before = [
      await post(w.guild.generalId, { content: "old 1" }, w.memberId),
      await post(w.guild.generalId, { content: "old 2" }, w.memberId),
    ];
    await h.advance(1_000);
    const { client } = await h.connect(w.app.token, ["guild_messages"]);
    const during = [
      await post(w.guild.generalId, { content: "new 1" }, w.memberId),
      await post(w.guild.generalId, { content: "new 2" }, w.memberId),
    ];
    expect(await client.drainTypes()).toEqual(["MESSAGE_CREATE", "MESSAGE_CREATE"]);

    await h.dev("DELETE", `/channels/${w.guild.generalId}/messages/${before[0]?.id}`, undefined, w.memberId);
    await h.dev(
      "POST",
      `/channels/${w.guild.generalId}/messages/bulk-delete`,
      { ids: [before[1]?.id, ...during.map((m) => m.id)] },
      w.ownerId,
    );
    expect(await client.drain()).toMatchObject([
      {
        t: "MESSAGE_DELETE_BULK",
        d: { ids: during.map((m) => m.id), channel_id: w.guild.generalId, guild_id: w.guild.id },
      },
    ]);

    client.ws.close();
    await client.closed;
    for (let i = 0; i < 500 && h.server.core.presence.isConnected(w.app.id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await h.advance(1_000);
    const unseen = await post(w.guild.generalId, { content: "unseen" }, w.memberId);
    await h.advance(1_000);
    const again = await h.connect(w.app.token, ["guild_messages"]);
    await h.dev(
      "POST",
      `/channels/${w.guild.generalId}/messages/bulk-delete`,
      { ids: [unseen.id] },
      w.ownerId,
    );
    expect(await again.client.drainTypes()).toEqual([]);
  });

  it("lists every id of a bulk delete when the bot has Read message history", async () => {
    const old = await post(w.guild.generalId, { content: "old" }, w.memberId);
    await h.advance(1_000);
    const { client } = await h.connect(w.app.token, ["guild_messages"]);
    await h.dev("POST", `/channels/${w.guild.generalId}/messages/bulk-delete`, { ids: [old.id] }, w.ownerId);
    expect(await client.drain()).toMatchObject([{ t: "MESSAGE_DELETE_BULK", d: { ids: [old.id] } }]);
  });
});
