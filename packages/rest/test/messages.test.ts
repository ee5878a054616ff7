import { describe, expect, it } from "vitest";
import { ApiError, ValidationError } from "../src/index.js";
import { useWorld } from "./world.js";

const t = useWorld();

describe("messages", () => {
  it("creates a message, lists it, reads it, edits it and deletes it", async () => {
    const sent = await t.rest.createMessage(t.world.channelId, { content: "hello" });
    expect(sent.content).toBe("hello");
    expect(sent.author.id).toBe(t.world.botUserId);
    const list = await t.rest.listMessages(t.world.channelId, { limit: 10 });
    expect(list.map((m) => m.id)).toContain(sent.id);
    expect(list.historyHidden).toBe(false);
    expect((await t.rest.getMessage(t.world.channelId, sent.id)).content).toBe("hello");
    const edited = await t.rest.editMessage(t.world.channelId, sent.id, { content: "hello again" });
    expect(edited.edited_at).not.toBeNull();
    await t.rest.deleteMessage(t.world.channelId, sent.id);
    await expect(t.rest.getMessage(t.world.channelId, sent.id)).rejects.toMatchObject({
      name: "ApiError",
      status: 404,
      code: "unknown_message",
      method: "GET",
      path: `/v1/channels/${t.world.channelId}/messages/${sent.id}`,
    });
  });

  it("pages with before and after", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await t.rest.createMessage(t.world.channelId, { content: `m${i}` })).id);
    const after = await t.rest.listMessages(t.world.channelId, { after: ids[1]!, limit: 100 });
    expect(after.map((m) => m.id)).toEqual([ids[4], ids[3], ids[2]]);
    const before = await t.rest.listMessages(t.world.channelId, { before: ids[2]!, limit: 2 });
    expect(before.map((m) => m.id)).toEqual([ids[1], ids[0]]);
  });

  it("surfaces historyHidden when the bot lacks Read message history", async () => {
    const channel = await t.world.dev<{ id: string }>(
      "POST",
      `/guilds/${t.world.guildId}/channels`,
      {
        name: "secret-history",
        kind: "text",
        overwrites: [{ id: t.world.everyoneRoleId, type: "role", allow: [], deny: ["read_message_history"] }],
      },
      t.world.ownerId,
    );
    const list = await t.rest.listMessages(channel.id);
    expect(list.historyHidden).toBe(true);
  });

  it("refuses a bad body before sending, naming the field and the rule", async () => {
    const error = await t.rest
      .createMessage(t.world.channelId, { content: "x".repeat(2_001) })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys(error.errors)).toEqual(["content"]);
    expect(error.message).toMatch(/content: .*2000/);
    await expect(t.rest.listMessages(t.world.channelId, { limit: 101 })).rejects.toThrow(
      /limit: must be a whole number from 1 to 100/,
    );
    await expect(t.rest.getChannel("abc")).rejects.toThrow(/channelId: must be an id/);
  });

  it("answers a channel the bot cannot see with unknown_channel", async () => {
    const error = await t.rest.createMessage("1", { content: "x" }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "unknown_channel", method: "POST" });
  });
});
