import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { CommandCreateBodySchema } from "./command-create-body.js";

const command = { name: "ping", description: "Answers pong" };
const option = (i: number, required = false) => ({
  type: 3,
  name: `o${i}`,
  description: "An option",
  required,
});

describe("CommandCreateBodySchema", () => {
  it("takes a name of 1 to 32 lowercase letters, digits, - and _", () => {
    expectValid(CommandCreateBodySchema, { ...command, name: `${chars(28)}-_09` });
    expect(expectErrors(CommandCreateBodySchema, { ...command, name: chars(33) })).toEqual({
      name: ["at most 32 characters"],
    });
    const charset = ["must be lowercase letters, digits, - or _"];
    expect(expectErrors(CommandCreateBodySchema, { ...command, name: "Ping" })).toEqual({ name: charset });
    expect(expectErrors(CommandCreateBodySchema, { ...command, name: "two words" })).toEqual({
      name: charset,
    });
    expect(expectErrors(CommandCreateBodySchema, { description: "x" })).toEqual({ name: ["is required"] });
  });

  it("takes a description of 1 to 100 characters", () => {
    expectValid(CommandCreateBodySchema, { ...command, description: chars(100) });
    expect(expectErrors(CommandCreateBodySchema, { ...command, description: chars(101) })).toEqual({
      description: ["at most 100 characters"],
    });
    expect(expectErrors(CommandCreateBodySchema, { ...command, description: "" })).toEqual({
      description: ["at least 1 character"],
    });
  });

  it("takes up to 25 options", () => {
    expectValid(CommandCreateBodySchema, { ...command, options: many(25, (i) => option(i)) });
    expect(
      expectErrors(CommandCreateBodySchema, { ...command, options: many(26, (i) => option(i)) }),
    ).toEqual({
      options: ["at most 25 options"],
    });
  });

  it("wants required options first", () => {
    expectValid(CommandCreateBodySchema, {
      ...command,
      options: [option(0, true), option(1, true), option(2)],
    });
    const errors = expectErrors(CommandCreateBodySchema, {
      ...command,
      options: [option(0, true), option(1), option(2, true)],
    });
    expect(errors).toEqual({
      "options.2.required": ["a required option must come before every optional option"],
    });
  });

  it("wants unique option names", () => {
    const errors = expectErrors(CommandCreateBodySchema, {
      ...command,
      options: [option(0), option(1), option(0)],
    });
    expect(errors).toEqual({ "options.2.name": ['must be unique among the options: "o0" is used twice'] });
  });

  it("reports a bad option by its path", () => {
    const errors = expectErrors(CommandCreateBodySchema, {
      ...command,
      options: [option(0), { type: 9, name: "who", description: "Someone" }],
    });
    expect(errors).toEqual({ "options.1.type": ["type 9 (mentionable) is unsupported"] });
  });

  it("keeps default_member_permissions as a string or null", () => {
    expect(expectValid(CommandCreateBodySchema, { ...command, default_member_permissions: "8" })).toEqual({
      ...command,
      default_member_permissions: "8",
    });
    expect(
      expectValid(CommandCreateBodySchema, { ...command, default_member_permissions: 1099511627776 })
        .default_member_permissions,
    ).toBe("1099511627776");
    expect(expectValid(CommandCreateBodySchema, { ...command, default_member_permissions: null })).toEqual({
      ...command,
      default_member_permissions: null,
    });
    expect(
      expectErrors(CommandCreateBodySchema, { ...command, default_member_permissions: "admin" }),
    ).toEqual({
      default_member_permissions: ["must be a permission bitfield: a decimal string"],
    });
    expect(expectErrors(CommandCreateBodySchema, { ...command, default_member_permissions: true })).toEqual({
      default_member_permissions: ["expected a permission bitfield (a decimal string or a number) or null"],
    });
  });

  it("takes type 1 or none, and refuses context menu commands", () => {
    expect(expectValid(CommandCreateBodySchema, { ...command, type: 1 }).type).toBe(1);
    expect(expectErrors(CommandCreateBodySchema, { ...command, type: 2 })).toEqual({
      type: ["type 2 (user context menu) is unsupported"],
    });
    expect(expectErrors(CommandCreateBodySchema, { ...command, type: 3 })).toEqual({
      type: ["type 3 (message context menu) is unsupported"],
    });
  });

  it("strips the keys the service ignores", () => {
    const output = expectValid(CommandCreateBodySchema, {
      ...command,
      name_localizations: { de: "pingen" },
      description_localizations: { de: "Antwortet" },
      nsfw: false,
      dm_permission: true,
      integration_types: [0, 1],
      contexts: [0, 1, 2],
      default_permission: true,
    });
    expect(output).toEqual(command);
  });

  it("accepts what discord.js's SlashCommandBuilder toJSON() produces", () => {
    // new SlashCommandBuilder().setName("remind").setDescription(...).setContexts(0).
    //   setIntegrationTypes(0).setNSFW(false).addStringOption(...).addIntegerOption(...).
    //   addChannelOption((o) => o.addChannelTypes(0, 5)).addBooleanOption(...).toJSON()
    const json = {
      options: [
        {
          name: "what",
          name_localizations: undefined,
          description: "What to remind you of",
          description_localizations: { fr: "De quoi se souvenir" },
          required: true,
          type: 3,
          max_length: 200,
          min_length: 1,
          choices: undefined,
          autocomplete: undefined,
        },
        {
          name: "minutes",
          name_localizations: {},
          description: "In how many minutes",
          description_localizations: undefined,
          required: true,
          type: 4,
          max_value: 1440,
          min_value: 1,
          choices: [
            { name: "five", name_localizations: undefined, value: 5 },
            { name: "an hour", name_localizations: { de: "eine Stunde" }, value: 60 },
          ],
          autocomplete: undefined,
        },
        {
          name: "where",
          name_localizations: undefined,
          description: "Where to post it",
          description_localizations: undefined,
          required: false,
          type: 7,
          channel_types: [0, 5],
        },
        {
          name: "quiet",
          name_localizations: undefined,
          description: "Answer only to you",
          description_localizations: undefined,
          required: false,
          type: 5,
        },
      ],
      name: "remind",
      name_localizations: undefined,
      description: "Sets a reminder",
      description_localizations: {},
      contexts: [0],
      default_permission: undefined,
      default_member_permissions: undefined,
      dm_permission: undefined,
      integration_types: [0],
      nsfw: false,
      type: 1,
    };
    const output = expectValid(CommandCreateBodySchema, JSON.parse(JSON.stringify(json)));
    expect(output.name).toBe("remind");
    expect(output.options?.map((o) => o.type)).toEqual([3, 4, 7, 5]);
    expect(output.options?.[1]?.choices).toEqual([
      { name: "five", value: 5 },
      { name: "an hour", value: 60 },
    ]);
    expect(output.options?.[2]).toEqual({
      name: "where",
      description: "Where to post it",
      required: false,
      type: 7,
    });
    expect(Object.keys(output).sort()).toEqual(["description", "name", "options", "type"]);
    // The object itself, before JSON, with its undefined-valued keys, passes as well.
    expect(expectValid(CommandCreateBodySchema, json).options).toHaveLength(4);
  });
});
