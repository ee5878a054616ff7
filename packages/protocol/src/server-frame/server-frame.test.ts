import { describe, expect, it } from "vitest";
import { guildCreate } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { ServerFrameSchema } from "./server-frame.js";

describe("ServerFrameSchema", () => {
  it("takes hello, heartbeat_ack and dispatch frames", () => {
    expect(expectValid(ServerFrameSchema, { op: "hello", d: { heartbeat_interval: 30000 } }).op).toBe(
      "hello",
    );
    expect(expectValid(ServerFrameSchema, { op: "heartbeat_ack" })).toEqual({ op: "heartbeat_ack" });
    const frame = expectValid(ServerFrameSchema, { op: "dispatch", t: "GUILD_CREATE", s: 2, d: guildCreate });
    expect(frame.op === "dispatch" && frame.t === "GUILD_CREATE" && frame.d.emojis).toHaveLength(1);
  });

  it("names an unknown op, an unknown event and a bad payload", () => {
    expect(expectErrors(ServerFrameSchema, { op: "identify", d: {} })).toEqual({
      op: ["must be hello, heartbeat_ack or dispatch"],
    });
    expect(expectErrors(ServerFrameSchema, { op: "dispatch", t: "RESUMED", s: 1, d: {} })).toEqual({
      t: ["must be a gateway event name"],
    });
    const { emojis: _, ...noEmojis } = guildCreate;
    expect(expectErrors(ServerFrameSchema, { op: "dispatch", t: "GUILD_UPDATE", s: 3, d: noEmojis })).toEqual(
      {
        "d.emojis": ["is required"],
      },
    );
  });
});
