import { describe, expect, it } from "vitest";
import { user } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { MessageMentionsSchema } from "./message-mentions.js";

describe("MessageMentionsSchema", () => {
  it("takes users, role ids and everyone", () => {
    const mentions = { users: [user], roles: ["4001"], everyone: true };
    expect(expectValid(MessageMentionsSchema, mentions)).toEqual(mentions);
  });

  it("wants user objects, not ids", () => {
    expect(expectErrors(MessageMentionsSchema, { users: ["1001"], roles: [], everyone: false })).toEqual({
      "users.0": ["expected an object"],
    });
  });
});
