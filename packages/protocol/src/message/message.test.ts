import { describe, expect, it } from "vitest";
import { message } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { MessageEmbedSchema, MessageSchema } from "./message.js";

describe("MessageSchema", () => {
  it("takes a message with every field of the interface", () => {
    expect(expectValid(MessageSchema, message)).toEqual(message);
  });

  it("keeps what webhook posts and ephemeral answers add: webhook_id, cards, flags", () => {
    const post = {
      ...message,
      webhook_id: "555",
      cards: [{ url: "https://example.com", title: "Example", description: "A page" }],
    };
    expect(expectValid(MessageSchema, post)).toEqual(post);
    expect(expectValid(MessageSchema, { ...message, flags: 64 })).toEqual({ ...message, flags: 64 });
  });

  it("takes withheld content, a reply, an interaction, a poll and an edit time", () => {
    const other = {
      ...message,
      content: "",
      content_available: false,
      reply_to: "7000",
      interaction: { id: "9101", name: "remind", user_id: "1001" },
      poll: { question: { text: "?" }, answers: [], expires_at: null, allow_multiselect: true },
      edited_at: 1_714_000_100_000,
    };
    expect(expectValid(MessageSchema, other)).toEqual(other);
  });

  it("names missing and wrong fields", () => {
    const { pinned: _, ...noPinned } = message;
    expect(
      expectErrors(MessageSchema, { ...noPinned, created_at: "now", reactions: [{ emoji: "x" }] }),
    ).toEqual({
      pinned: ["is required"],
      created_at: ["expected an integer"],
      "reactions.0.emoji": ["expected an object"],
      "reactions.0.count": ["is required"],
      "reactions.0.me": ["is required"],
    });
  });
});

describe("MessageEmbedSchema", () => {
  it("takes bot embeds and webhook embeds", () => {
    expect(expectValid(MessageEmbedSchema, { color: "#ffffff", title: "bot" })).toEqual({
      color: "#ffffff",
      title: "bot",
    });
    const webhook = { color: 255, author: { name: "hook", url: "https://example.com" } };
    expect(expectValid(MessageEmbedSchema, webhook)).toEqual(webhook);
    expect(expectErrors(MessageEmbedSchema, "embed")).toEqual({ "": ["expected an embed object"] });
  });
});
