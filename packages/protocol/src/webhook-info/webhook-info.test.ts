import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { WebhookInfoSchema } from "./webhook-info.js";

const info = { id: "9401", name: "Alerts", channel_id: "5001", guild_id: "6001", avatar_id: null };

describe("WebhookInfoSchema", () => {
  it("takes id, name, channel_id, guild_id and avatar_id", () => {
    expect(expectValid(WebhookInfoSchema, info)).toEqual(info);
  });

  it("drops anything else, such as a token", () => {
    expect(expectValid(WebhookInfoSchema, { ...info, token: "secret", maker_id: "1001" })).toEqual(info);
    expect(expectErrors(WebhookInfoSchema, { ...info, guild_id: undefined })).toEqual({
      guild_id: ["is required"],
    });
  });
});
