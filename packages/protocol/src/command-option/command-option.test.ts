import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { CommandOptionSchema } from "./command-option.js";

const base = { name: "text", description: "Some text" };

describe("CommandOptionSchema", () => {
  it("takes each supported type with its extra fields", () => {
    expectValid(CommandOptionSchema, { ...base, type: 3, min_length: 0, max_length: 6000, required: true });
    expectValid(CommandOptionSchema, { ...base, type: 4, min_value: -5, max_value: 5 });
    expectValid(CommandOptionSchema, { ...base, type: 10, min_value: 0.5, max_value: 2.5 });
    for (const type of [5, 6, 7, 8]) expectValid(CommandOptionSchema, { ...base, type });
  });

  it("follows the name rule of commands", () => {
    expectValid(CommandOptionSchema, { ...base, type: 5, name: `${chars(30)}-_` });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 5, name: chars(33) })).toEqual({
      name: ["at most 32 characters"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 5, name: "Big" })).toEqual({
      name: ["must be lowercase letters, digits, - or _"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 5, name: "" })).toEqual({
      name: ["at least 1 character"],
    });
  });

  it("takes a description of 1 to 100 characters", () => {
    expectValid(CommandOptionSchema, { ...base, type: 5, description: chars(100) });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 5, description: chars(101) })).toEqual({
      description: ["at most 100 characters"],
    });
    expect(expectErrors(CommandOptionSchema, { name: "x", type: 5 })).toEqual({
      description: ["is required"],
    });
  });

  it("checks string lengths 0 to 6000 and min <= max", () => {
    expect(expectErrors(CommandOptionSchema, { ...base, type: 3, max_length: 6001, min_length: -1 })).toEqual(
      {
        min_length: ["must be 0 or more"],
        max_length: ["must be at most 6000"],
      },
    );
    expect(expectErrors(CommandOptionSchema, { ...base, type: 3, min_length: 10, max_length: 5 })).toEqual({
      max_length: ["must be at least min_length"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 4, min_value: 10, max_value: 5 })).toEqual({
      max_value: ["must be at least min_value"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 4, min_value: 1.5 })).toEqual({
      min_value: ["expected an integer"],
    });
  });

  it("takes up to 25 choices of the option's type", () => {
    const strings = (n: number) => many(n, (i) => ({ name: `c${i}`, value: `v${i}` }));
    expectValid(CommandOptionSchema, { ...base, type: 3, choices: strings(25) });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 3, choices: strings(26) })).toEqual({
      choices: ["at most 25 choices"],
    });
    expect(
      expectErrors(CommandOptionSchema, { ...base, type: 3, choices: [{ name: "a", value: chars(101) }] }),
    ).toEqual({ "choices.0.value": ["at most 100 characters"] });
    expect(
      expectErrors(CommandOptionSchema, { ...base, type: 3, choices: [{ name: "a", value: 1 }] }),
    ).toEqual({
      "choices.0.value": ["expected a string"],
    });
    expect(
      expectErrors(CommandOptionSchema, { ...base, type: 4, choices: [{ name: "a", value: "1" }] }),
    ).toEqual({
      "choices.0.value": ["expected an integer"],
    });
    expect(
      expectErrors(CommandOptionSchema, { ...base, type: 4, choices: [{ name: "a", value: 1.5 }] }),
    ).toEqual({
      "choices.0.value": ["expected an integer"],
    });
    expect(
      expectValid(CommandOptionSchema, { ...base, type: 10, choices: [{ name: "pi", value: 3.14 }] }),
    ).toEqual({
      ...base,
      type: 10,
      choices: [{ name: "pi", value: 3.14 }],
    });
    expect(
      expectErrors(CommandOptionSchema, { ...base, type: 10, choices: [{ name: chars(101), value: true }] }),
    ).toEqual({ "choices.0.name": ["at most 100 characters"], "choices.0.value": ["expected a number"] });
  });

  it("refuses an extra field on a boolean, user, channel or role option, naming it", () => {
    expect(expectErrors(CommandOptionSchema, { ...base, type: 5, choices: [] })).toEqual({
      choices: ["is not allowed on boolean options"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 6, min_length: 1 })).toEqual({
      min_length: ["is not allowed on user options"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 8, max_value: 1 })).toEqual({
      max_value: ["is not allowed on role options"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 3, min_value: 1 })).toEqual({
      min_value: ["is not allowed on string options"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 4, max_length: 1 })).toEqual({
      max_length: ["is not allowed on integer options"],
    });
  });

  it("refuses subcommands, mentionable and attachment options, and autocomplete", () => {
    expect(expectErrors(CommandOptionSchema, { ...base, type: 1 })).toEqual({
      type: ["type 1 (subcommand) is unsupported"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 2 })).toEqual({
      type: ["type 2 (subcommand group) is unsupported"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 9 })).toEqual({
      type: ["type 9 (mentionable) is unsupported"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 11 })).toEqual({
      type: ["type 11 (attachment) is unsupported"],
    });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 3, autocomplete: true })).toEqual({
      autocomplete: ["autocomplete is unsupported"],
    });
    expectValid(CommandOptionSchema, { ...base, type: 3, autocomplete: false });
    expect(expectErrors(CommandOptionSchema, { ...base, type: 12 })).toEqual({
      type: [
        "must be an option type: 3 string, 4 integer, 5 boolean, 6 user, 7 channel, 8 role or 10 number",
      ],
    });
    expect(expectErrors(CommandOptionSchema, base)).toEqual({ type: ["is required"] });
    expect(expectErrors(CommandOptionSchema, "x")).toEqual({ "": ["expected an option object"] });
  });

  it("strips localizations, channel_types and other unknown keys", () => {
    const output = expectValid(CommandOptionSchema, {
      ...base,
      type: 7,
      required: false,
      name_localizations: { fr: "texte" },
      description_localizations: {},
      channel_types: [0, 5],
    });
    expect(output).toEqual({ ...base, type: 7, required: false });
  });
});
