import { describe, expect, it } from "vitest";
import { ready } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { ReadyPayloadSchema } from "./ready-payload.js";

describe("ReadyPayloadSchema", () => {
  it("takes a READY payload", () => {
    expect(expectValid(ReadyPayloadSchema, ready)).toEqual(ready);
  });

  it("wants version 1 and known intents", () => {
    expect(expectErrors(ReadyPayloadSchema, { ...ready, v: 2, intents: ["guild_presences"] })).toEqual({
      v: ["expected 1"],
      "intents.0": [
        "must be one of the intents guilds, guild_messages, message_content, guild_reactions, guild_members, guild_moderation, guild_expressions",
      ],
    });
  });
});
