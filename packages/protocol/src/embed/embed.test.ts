import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { EmbedSchema } from "./embed.js";
import { countEmbedCharacters } from "./embed-characters.js";

describe("EmbedSchema", () => {
  it("checks every text limit on both sides of its edge", () => {
    const limits: [string, (n: number) => object, number][] = [
      ["title", (n) => ({ title: chars(n) }), 256],
      ["description", (n) => ({ description: chars(n) }), 4096],
      ["fields.0.name", (n) => ({ fields: [{ name: chars(n), value: "v" }] }), 256],
      ["fields.0.value", (n) => ({ fields: [{ name: "n", value: chars(n) }] }), 1024],
      ["footer.text", (n) => ({ footer: { text: chars(n) } }), 2048],
      ["author.name", (n) => ({ author: { name: chars(n) } }), 256],
    ];
    for (const [path, make, max] of limits) {
      expectValid(EmbedSchema, make(max));
      expect(expectErrors(EmbedSchema, make(max + 1))).toEqual({ [path]: [`at most ${max} characters`] });
    }
  });

  it("takes up to 25 fields, each with a name and a value", () => {
    const field = { name: "n", value: "v", inline: true };
    expect(expectValid(EmbedSchema, { fields: many(25, () => field) }).fields).toHaveLength(25);
    expect(expectErrors(EmbedSchema, { fields: many(26, () => field) })).toEqual({
      fields: ["at most 25 fields"],
    });
    expect(expectErrors(EmbedSchema, { fields: [{ name: "", inline: "yes" }] })).toEqual({
      "fields.0.name": ["at least 1 character"],
      "fields.0.value": ["is required"],
      "fields.0.inline": ["expected a boolean"],
    });
  });

  it("takes an http or https url only", () => {
    expectValid(EmbedSchema, { url: "https://example.com/a?b=c" });
    expectValid(EmbedSchema, { url: "http://localhost:8080" });
    for (const url of ["ftp://example.com", "javascript:alert(1)", "example.com", ""]) {
      expect(expectErrors(EmbedSchema, { url })).toEqual({ url: ["must be an http or https URL"] });
    }
  });

  it("takes a #rrggbb color or an integer 0 to 0xFFFFFF", () => {
    for (const color of ["#00ff7F", 0, 0xffffff, 5814783]) expectValid(EmbedSchema, { color });
    expect(expectErrors(EmbedSchema, { color: "#fff" })).toEqual({ color: ["must be a #rrggbb color"] });
    expect(expectErrors(EmbedSchema, { color: 0x1000000 })).toEqual({
      color: ["must be 0 to 16777215 (0xFFFFFF)"],
    });
    expect(expectErrors(EmbedSchema, { color: -1 })).toEqual({ color: ["must be 0 to 16777215 (0xFFFFFF)"] });
    expect(expectErrors(EmbedSchema, { color: 1.5 })).toEqual({ color: ["expected an integer"] });
    expect(expectErrors(EmbedSchema, { color: true })).toEqual({
      color: ["expected a #rrggbb string or an integer 0 to 16777215"],
    });
  });

  it("takes an ISO 8601 timestamp", () => {
    for (const timestamp of ["2024-05-01T12:00:00.000Z", "2024-05-01T12:00:00+02:00", "2024-02-29T00:00Z"]) {
      expectValid(EmbedSchema, { timestamp });
    }
    for (const timestamp of ["2024-05-01", "yesterday", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z"]) {
      expect(expectErrors(EmbedSchema, { timestamp })).toEqual({
        timestamp: ["must be an ISO 8601 timestamp such as 2024-05-01T12:00:00.000Z"],
      });
    }
  });

  it("drops images, thumbnails, video, provider and icon URLs", () => {
    const output = expectValid(EmbedSchema, {
      title: "t",
      image: { url: "https://x/i.png" },
      thumbnail: { url: "https://x/t.png" },
      video: { url: "https://x/v.mp4" },
      provider: { name: "p" },
      footer: { text: "f", icon_url: "https://x/f.png" },
      author: { name: "a", url: "https://x", icon_url: "https://x/a.png" },
    });
    expect(output).toEqual({ title: "t", footer: { text: "f" }, author: { name: "a" } });
  });
});

describe("countEmbedCharacters", () => {
  it("adds title, description, field names and values, footer text and author name", () => {
    const embed = {
      title: "ab",
      description: "cde",
      fields: [{ name: "f", value: "gh" }],
      footer: { text: "ijkl" },
      author: { name: "m" },
    };
    expect(countEmbedCharacters([embed, { title: "xyz" }])).toBe(2 + 3 + 1 + 2 + 4 + 1 + 3);
    expect(countEmbedCharacters([])).toBe(0);
  });

  it("counts UTF-16 code units", () => {
    expect(countEmbedCharacters([{ title: "😀" }])).toBe(2);
  });
});
