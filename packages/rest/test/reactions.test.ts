import { describe, expect, it } from "vitest";
import { emojiSegment, RestClient, ValidationError } from "../src/index.js";
import { startWorld, useWorld } from "./world.js";

const t = useWorld();

describe("reactions", () => {
  it("adds and removes a Unicode reaction, the emoji URL-encoded for the caller", async () => {
    const message = await t.rest.createMessage(t.world.channelId, { content: "react to me" });
    await t.rest.addReaction(t.world.channelId, message.id, "👍");
    const reacted = await t.rest.getMessage(t.world.channelId, message.id);
    expect(reacted.reactions).toEqual([{ emoji: { id: null, name: "👍" }, count: 1, me: true }]);
    await t.rest.removeReaction(t.world.channelId, message.id, { id: null, name: "👍" });
    expect((await t.rest.getMessage(t.world.channelId, message.id)).reactions).toEqual([]);
  });

  it("reacts with a custom emoji as name:id or as the emoji object", async () => {
    const emoji = await t.world.dev<{ id: string; name: string }>(
      "POST",
      `/guilds/${t.world.guildId}/emojis`,
      { name: "party" },
      t.world.ownerId,
    );
    const message = await t.rest.createMessage(t.world.channelId, { content: "custom" });
    await t.rest.addReaction(t.world.channelId, message.id, `party:${emoji.id}`);
    const reacted = await t.rest.getMessage(t.world.channelId, message.id);
    expect(reacted.reactions[0]?.emoji).toEqual({ id: emoji.id, name: "party" });
    await t.rest.removeReaction(t.world.channelId, message.id, { id: emoji.id, name: "party" });
    expect((await t.rest.getMessage(t.world.channelId, message.id)).reactions).toEqual([]);
  });

  it("answers an unknown custom emoji with unknown_emoji (404)", async () => {
    const message = await t.rest.createMessage(t.world.channelId, { content: "nope" });
    await expect(t.rest.addReaction(t.world.channelId, message.id, "ghost:12345")).rejects.toMatchObject({
      status: 404,
      code: "unknown_emoji",
      method: "PUT",
    });
  });

  it("refuses an empty emoji or one with a slash before sending", async () => {
    await expect(t.rest.addReaction(t.world.channelId, "1", "")).rejects.toBeInstanceOf(ValidationError);
    expect(() => emojiSegment("a/b")).toThrow(/emoji: must be an emoji/);
    expect(emojiSegment("👍")).toBe("%F0%9F%91%8D");
  });

  it("answers without the reactions scope with missing_scope (403)", async () => {
    const other = await startWorld({ scopes: ["messages.read", "messages.send"] });
    try {
      const limited = new RestClient({ token: other.token, baseUrl: other.baseUrl });
      const message = await limited.createMessage(other.channelId, { content: "hi" });
      await expect(limited.addReaction(other.channelId, message.id, "👍")).rejects.toMatchObject({
        status: 403,
        code: "missing_scope",
      });
    } finally {
      await other.close();
    }
  });
});
