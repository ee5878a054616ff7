import { describe, expect, it } from "vitest";
import type { CommandOption } from "../../command-option/command-option.js";
import { optionLimits } from "./option-limits.js";
import { optionRefusal } from "./option-refusal.js";

describe("optionRefusal", () => {
  it("names the option each problem is of, by its place among the options sent", () => {
    const refusal = optionRefusal(
      {
        "options.1.value": ["must be at most 10"],
        "options.0.name": ['the command has no option "colour"'],
        options: ['the required option "sides" is missing'],
      },
      [{ name: "colour" }, { name: "count" }],
    );
    expect(refusal.byOption).toEqual({
      count: "must be at most 10",
      colour: 'the command has no option "colour"',
    });
    expect(refusal.general).toEqual(['the required option "sides" is missing']);
  });

  it("keeps a problem whose option was not sent as general", () => {
    expect(optionRefusal({ "options.3.value": ["must be text"] }, [])).toEqual({
      byOption: {},
      general: ["must be text"],
    });
  });
});

describe("optionLimits", () => {
  it("says an option's type and limits in words", () => {
    const minutes = { type: 4, name: "minutes", description: "How long", min_value: 1, max_value: 1440 };
    expect(optionLimits(minutes as CommandOption)).toBe("integer, ≥ 1, ≤ 1440");
    const text = { type: 3, name: "text", description: "What", required: true, max_length: 200 };
    expect(optionLimits(text as CommandOption)).toBe("text, 0–200 characters, required");
  });
});
