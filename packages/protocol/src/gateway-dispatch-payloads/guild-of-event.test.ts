import { describe, expect, it } from "vitest";
import { guildOfEvent } from "./guild-of-event.js";

describe("guildOfEvent", () => {
  it("answers a payload's guild_id", () => {
    expect(guildOfEvent("MESSAGE_CREATE", { id: "9", guild_id: "42", channel_id: "7" })).toBe("42");
  });

  it("answers the id of the server events, whose payload is the server", () => {
    for (const name of ["GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"]) {
      expect(guildOfEvent(name, { id: "42", name: "Lab" })).toBe("42");
    }
  });

  it("answers null for events of no server, and never takes another event's id for a server", () => {
    expect(guildOfEvent("READY", { user: { id: "1" } })).toBeNull();
    expect(guildOfEvent("MESSAGE_CREATE", { id: "9", channel_id: "7" })).toBeNull();
    expect(guildOfEvent("MESSAGE_CREATE", null)).toBeNull();
    expect(guildOfEvent("GUILD_CREATE", { id: 42 })).toBeNull();
  });
});
