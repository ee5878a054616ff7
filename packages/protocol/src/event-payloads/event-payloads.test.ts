import { describe, expect, it } from "vitest";
import { member, role, user } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import {
  ChannelDeletePayloadSchema,
  GuildDeletePayloadSchema,
  GuildEmojisUpdatePayloadSchema,
  GuildRoleDeletePayloadSchema,
  GuildRolePayloadSchema,
} from "./guild-events.js";
import {
  GuildBanPayloadSchema,
  GuildMemberPayloadSchema,
  GuildMemberRemovePayloadSchema,
} from "./member-events.js";
import {
  MessageDeleteBulkPayloadSchema,
  MessageDeletePayloadSchema,
  MessageReactionPayloadSchema,
} from "./message-events.js";

describe("event payload schemas", () => {
  it("take the payloads of the interface's event table", () => {
    expectValid(GuildDeletePayloadSchema, { id: "6001" });
    expectValid(GuildRolePayloadSchema, { guild_id: "6001", role });
    expectValid(GuildRoleDeletePayloadSchema, { guild_id: "6001", role_id: "4001" });
    expectValid(ChannelDeletePayloadSchema, { id: "5001", guild_id: "6001" });
    expectValid(GuildEmojisUpdatePayloadSchema, { guild_id: "6001", emojis: [] });
    expectValid(MessageDeletePayloadSchema, { id: "7001", channel_id: "5001", guild_id: "6001" });
    expectValid(MessageDeleteBulkPayloadSchema, {
      ids: ["7001", "7002"],
      channel_id: "5001",
      guild_id: "6001",
    });
    expectValid(GuildMemberRemovePayloadSchema, { guild_id: "6001", user });
    expectValid(GuildBanPayloadSchema, { guild_id: "6001", user });
  });

  it("take a reaction with a Unicode or a custom emoji", () => {
    const base = { channel_id: "5001", guild_id: "6001", message_id: "7001", user_id: "1001" };
    expectValid(MessageReactionPayloadSchema, { ...base, emoji: { id: null, name: "🎉" } });
    expectValid(MessageReactionPayloadSchema, { ...base, emoji: { id: "9001", name: "party" } });
    expect(expectErrors(MessageReactionPayloadSchema, { ...base, emoji: "🎉" })).toEqual({
      emoji: ["expected an object"],
    });
  });

  it("take a member event with guild_id and an optional timeout end", () => {
    const payload = { ...member, guild_id: "6001", communication_disabled_until: 1_714_000_600_000 };
    expect(expectValid(GuildMemberPayloadSchema, payload)).toEqual(payload);
    expect(expectValid(GuildMemberPayloadSchema, { ...member, guild_id: "6001" })).toEqual({
      ...member,
      guild_id: "6001",
    });
    expect(expectErrors(GuildMemberPayloadSchema, member)).toEqual({ guild_id: ["is required"] });
  });
});
