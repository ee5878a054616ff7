import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { SlashCommandSchema } from "./slash-command.js";

const command = {
  id: "9201",
  application_id: "3001",
  guild_id: null,
  name: "remind",
  description: "Sets a reminder",
  options: [{ type: 3, name: "what", description: "What", required: true, max_length: 200 }],
  type: 1,
  default_member_permissions: null,
};

describe("SlashCommandSchema", () => {
  it("takes a global or a server command", () => {
    expect(expectValid(SlashCommandSchema, command)).toEqual(command);
    expectValid(SlashCommandSchema, { ...command, guild_id: "6001", default_member_permissions: "8" });
  });

  it("wants type 1 and valid options", () => {
    expect(
      expectErrors(SlashCommandSchema, {
        ...command,
        type: 2,
        options: [{ ...command.options[0], type: 11 }],
      }),
    ).toEqual({ type: ["expected 1"], "options.0.type": ["type 11 (attachment) is unsupported"] });
  });
});
