import { describe, expect, it } from "vitest";
import { channel, interaction, role } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { InteractionSchema } from "./interaction.js";
import { InteractionDataOptionSchema } from "./interaction-data.js";

describe("InteractionSchema", () => {
  it("takes a command use with options and resolved maps", () => {
    expect(expectValid(InteractionSchema, interaction)).toEqual(interaction);
    const resolved = {
      roles: { [role.id]: role },
      channels: {
        [channel.id]: { id: channel.id, name: "general", kind: "text", permissions: ["view_channels"] },
      },
    };
    expectValid(InteractionSchema, { ...interaction, data: { ...interaction.data, resolved } });
    const { options: _o, resolved: _r, ...bare } = interaction.data;
    expectValid(InteractionSchema, { ...interaction, data: bare });
  });

  it("wants type 2, permission names and ids as resolved keys", () => {
    expect(
      expectErrors(InteractionSchema, {
        ...interaction,
        type: 3,
        app_permissions: ["everything"],
        data: { ...interaction.data, resolved: { users: { ada: interaction.user } } },
      }),
    ).toEqual({
      type: ["expected 2"],
      "app_permissions.0": ["must be a permission name such as send_messages"],
      "data.resolved.users.ada": ["must be an id: a decimal string of 1 to 19 digits, at most 2^63-1"],
    });
  });
});

describe("InteractionDataOptionSchema", () => {
  it("types each value by the option type", () => {
    expectValid(InteractionDataOptionSchema, { name: "on", type: 5, value: true });
    expectValid(InteractionDataOptionSchema, { name: "x", type: 10, value: 2.5 });
    expectValid(InteractionDataOptionSchema, { name: "ch", type: 7, value: "5001" });
    expect(expectErrors(InteractionDataOptionSchema, { name: "n", type: 4, value: 2.5 })).toEqual({
      value: ["expected an integer"],
    });
    expect(expectErrors(InteractionDataOptionSchema, { name: "who", type: 6, value: 1001 })).toEqual({
      value: ["expected an id string"],
    });
    expect(expectErrors(InteractionDataOptionSchema, { name: "s", type: 1, value: "x" })).toEqual({
      type: ["must be an option type: 3, 4, 5, 6, 7, 8 or 10"],
    });
  });
});
