import { describe, expect, it } from "vitest";
import {
  effectiveIntents,
  eventsForIntents,
  intentsAllowEvent,
  readRequestedIntents,
} from "./intents-filter.js";

describe("effectiveIntents", () => {
  it("is what was requested and granted, in the interface's order", () => {
    expect(
      effectiveIntents(["guild_reactions", "guilds", "guild_messages"], ["guilds", "guild_reactions"], false),
    ).toEqual(["guilds", "guild_reactions"]);
    expect(effectiveIntents(["guilds"], [], true)).toEqual([]);
  });

  it("keeps privileged intents only with privileged access", () => {
    expect(effectiveIntents(["guild_members", "guilds"], ["guild_members", "guilds"], false)).toEqual([
      "guilds",
    ]);
    expect(effectiveIntents(["guild_members", "guilds"], ["guild_members", "guilds"], true)).toEqual([
      "guilds",
      "guild_members",
    ]);
  });
});

describe("intentsAllowEvent and eventsForIntents", () => {
  it("always lets READY, GUILD_CREATE, GUILD_DELETE and INTERACTION_CREATE through", () => {
    for (const event of ["READY", "GUILD_CREATE", "GUILD_DELETE", "INTERACTION_CREATE"] as const) {
      expect(intentsAllowEvent([], event)).toBe(true);
    }
    expect([...eventsForIntents([])].sort()).toEqual([
      "GUILD_CREATE",
      "GUILD_DELETE",
      "INTERACTION_CREATE",
      "READY",
    ]);
  });

  it("lets an intent's events through only with that intent", () => {
    expect(intentsAllowEvent(["guilds"], "GUILD_UPDATE")).toBe(true);
    expect(intentsAllowEvent(["guilds"], "MESSAGE_CREATE")).toBe(false);
    expect(intentsAllowEvent(["guild_messages", "message_content"], "MESSAGE_CREATE")).toBe(true);
    expect(intentsAllowEvent(["guild_members"], "GUILD_BAN_ADD")).toBe(false);
    expect(intentsAllowEvent(["guild_moderation"], "GUILD_AUDIT_LOG_ENTRY_CREATE")).toBe(true);
    const events = eventsForIntents(["guild_reactions", "guild_expressions", "message_content"]);
    expect(events.has("MESSAGE_REACTION_REMOVE")).toBe(true);
    expect(events.has("GUILD_EMOJIS_UPDATE")).toBe(true);
    expect(events.has("MESSAGE_CREATE")).toBe(false);
    expect(events.size).toBe(4 + 3);
  });
});

describe("readRequestedIntents", () => {
  it("keeps each name once in the order given and reports the first unknown one", () => {
    expect(readRequestedIntents(["guild_messages", "guilds", "guild_messages"])).toEqual({
      ok: true,
      intents: ["guild_messages", "guilds"],
    });
    expect(readRequestedIntents(["guilds", "presence", "typing"])).toEqual({
      ok: false,
      unknown: "presence",
    });
    expect(readRequestedIntents([])).toEqual({ ok: true, intents: [] });
  });
});
