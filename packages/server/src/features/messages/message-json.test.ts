import { describe, expect, it } from "vitest";
import type { MessageRecord, UserRecord } from "../../kernel/world/records.js";
import { KERNEL_TABLES } from "../../kernel/world/kernel-tables.js";
import { World } from "../../kernel/world/world.js";
import { MessageJsonCache } from "./message-json.js";

const ada: UserRecord = { id: "11", username: "ada", name: "Ada", avatar_id: null, bot: false };
const bot = { userId: "99", contentAccess: true };

function message(overrides: Partial<MessageRecord> = {}): MessageRecord {
  return {
    id: "21",
    channel_id: "31",
    guild_id: "41",
    author_id: ada.id,
    content: "hello",
    embeds: [],
    attachments: [],
    poll: null,
    mentions: { users: [], roles: [], everyone: false },
    reactions: [],
    reply_to: null,
    interaction: null,
    pinned: false,
    created_at: 1,
    edited_at: null,
    nonce: null,
    ...overrides,
  } as MessageRecord;
}

describe("MessageJsonCache", () => {
  it("serves the same text for the same record and viewer, and fresh text for a new record", () => {
    const world = new World(KERNEL_TABLES);
    world.put("users", ada);
    const cache = new MessageJsonCache();
    const first = message();
    const text = cache.json(world, first, bot);
    expect(JSON.parse(text)).toMatchObject({ id: "21", content: "hello", author: { name: "Ada" } });
    expect(cache.json(world, first, bot)).toBe(text);
    const edited = message({ content: "edited", edited_at: 2 });
    expect(JSON.parse(cache.json(world, edited, bot)).content).toBe("edited");
  });

  it("keeps viewers apart: content access and reactions[].me differ per viewer", () => {
    const world = new World(KERNEL_TABLES);
    world.put("users", ada);
    const cache = new MessageJsonCache();
    const m = message({ reactions: [{ emoji: { id: null, name: "👍" }, user_ids: ["99"] }] });
    const withText = JSON.parse(cache.json(world, m, bot));
    const without = JSON.parse(cache.json(world, m, { userId: "98", contentAccess: false }));
    expect(withText.content).toBe("hello");
    expect(withText.reactions[0].me).toBe(true);
    expect(without.content).toBe("");
    expect(without.content_available).toBe(false);
    expect(without.reactions[0].me).toBe(false);
  });

  it("never serves a renamed author stale", () => {
    const world = new World(KERNEL_TABLES);
    world.put("users", ada);
    const cache = new MessageJsonCache();
    const m = message();
    cache.json(world, m, bot);
    world.put("users", { ...ada, name: "Ada L." });
    expect(JSON.parse(cache.json(world, m, bot)).author.name).toBe("Ada L.");
  });

  it("joins a page into one JSON array", () => {
    const world = new World(KERNEL_TABLES);
    world.put("users", ada);
    const cache = new MessageJsonCache();
    const page = cache.listJson(world, [message({ id: "22" }), message({ id: "21" })], bot);
    expect(JSON.parse(page).map((m: { id: string }) => m.id)).toEqual(["22", "21"]);
    expect(cache.listJson(world, [], bot)).toBe("[]");
  });
});
