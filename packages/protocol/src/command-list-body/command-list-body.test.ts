import { describe, expect, it } from "vitest";
import { expectErrors, expectValid, many } from "../../test/helpers.js";
import { CommandListBodySchema } from "./command-list-body.js";

const command = (i: number) => ({ name: `cmd${i}`, description: "A command" });

describe("CommandListBodySchema", () => {
  it("takes up to 100 commands", () => {
    expect(expectValid(CommandListBodySchema, many(100, command))).toHaveLength(100);
    expect(expectValid(CommandListBodySchema, [])).toEqual([]);
    expect(expectErrors(CommandListBodySchema, many(101, command))).toEqual({ "": ["at most 100 commands"] });
  });

  it("wants unique names", () => {
    expect(expectErrors(CommandListBodySchema, [command(1), command(2), command(1)])).toEqual({
      "2.name": ['must be unique among the commands: "cmd1" is used twice'],
    });
  });

  it("checks each command by its index", () => {
    expect(expectErrors(CommandListBodySchema, [command(1), { name: "Bad", description: "" }])).toEqual({
      "1.name": ["must be lowercase letters, digits, - or _"],
      "1.description": ["at least 1 character"],
    });
    expect(expectErrors(CommandListBodySchema, { name: "x" })).toEqual({ "": ["expected an array"] });
  });
});
