import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { CategorySchema } from "./category.js";

describe("CategorySchema", () => {
  it("takes id, name and position", () => {
    expect(expectValid(CategorySchema, { id: "5000", name: "Text", position: 1 })).toEqual({
      id: "5000",
      name: "Text",
      position: 1,
    });
  });

  it("needs an integer position", () => {
    expect(expectErrors(CategorySchema, { id: "5000", name: "Text", position: "1" })).toEqual({
      position: ["expected an integer"],
    });
  });
});
