import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { CreateMessageBodySchema } from "./create-message-body.js";

const ID = "175928847299117063";

describe("CreateMessageBodySchema", () => {
  it("takes content up to 2000 characters", () => {
    expect(expectValid(CreateMessageBodySchema, { content: chars(2000) }).content).toHaveLength(2000);
    expect(expectErrors(CreateMessageBodySchema, { content: chars(2001) })).toEqual({
      content: ["at most 2000 characters"],
    });
  });

  it("refuses an empty message at content, and takes an embed alone", () => {
    const message = "content or at least one embed is required";
    expect(expectErrors(CreateMessageBodySchema, {})).toEqual({ content: [message] });
    expect(expectErrors(CreateMessageBodySchema, { content: "", embeds: [] })).toEqual({
      content: [message],
    });
    expect(expectValid(CreateMessageBodySchema, { embeds: [{ title: "hi" }] }).embeds).toEqual([
      { title: "hi" },
    ]);
  });

  it("takes up to 10 embeds", () => {
    expectValid(CreateMessageBodySchema, { embeds: many(10, () => ({ title: "t" })) });
    expect(expectErrors(CreateMessageBodySchema, { embeds: many(11, () => ({ title: "t" })) })).toEqual({
      embeds: ["at most 10 embeds"],
    });
  });

  it("takes up to 25 fields per embed", () => {
    const field = { name: "n", value: "v" };
    expectValid(CreateMessageBodySchema, { embeds: [{ fields: many(25, () => field) }] });
    const errors = expectErrors(CreateMessageBodySchema, { embeds: [{ fields: many(26, () => field) }] });
    expect(errors).toEqual({ "embeds.0.fields": ["at most 25 fields"] });
  });

  it("takes 6000 embed characters across embeds, not 6001", () => {
    const pass = [{ description: chars(4000) }, { title: chars(200), description: chars(1800) }];
    expectValid(CreateMessageBodySchema, { embeds: pass });
    const fail = [{ description: chars(4000) }, { title: chars(200), description: chars(1801) }];
    const errors = expectErrors(CreateMessageBodySchema, { embeds: fail });
    expect(Object.keys(errors)).toEqual(["embeds"]);
    expect(errors.embeds?.[0]).toMatch(/^at most 6000 embed characters in total/);
  });

  it("counts field names, values, footer and author toward the total", () => {
    const embed = {
      fields: [{ name: chars(256), value: chars(1024) }],
      footer: { text: chars(2048) },
      author: { name: chars(256) },
      description: chars(2416),
    };
    expectValid(CreateMessageBodySchema, { embeds: [embed] });
    expect(expectErrors(CreateMessageBodySchema, { embeds: [{ ...embed, title: "x" }] })).toHaveProperty(
      "embeds",
    );
  });

  it("takes a nonce of 16 to 64 letters, digits or -", () => {
    const rule = ["must be 16 to 64 letters, digits or -"];
    expectValid(CreateMessageBodySchema, { content: "x", nonce: chars(16, "a") });
    expectValid(CreateMessageBodySchema, { content: "x", nonce: `${chars(60, "Z")}9-0a` });
    expect(expectErrors(CreateMessageBodySchema, { content: "x", nonce: chars(15) })).toEqual({
      nonce: rule,
    });
    expect(expectErrors(CreateMessageBodySchema, { content: "x", nonce: chars(65) })).toEqual({
      nonce: rule,
    });
    expect(expectErrors(CreateMessageBodySchema, { content: "x", nonce: `${chars(20)}_` })).toEqual({
      nonce: rule,
    });
    expect(expectErrors(CreateMessageBodySchema, { content: "x", nonce: 1234567890123456 })).toEqual({
      nonce: ["expected a string"],
    });
  });

  it("takes reply_to as an id", () => {
    expect(expectValid(CreateMessageBodySchema, { content: "x", reply_to: ID }).reply_to).toBe(ID);
    expect(expectErrors(CreateMessageBodySchema, { content: "x", reply_to: "abc" })).toHaveProperty(
      "reply_to",
    );
  });

  it("checks allowed_mentions", () => {
    const ids = (n: number) => many(n, (i) => String(1000 + i));
    expectValid(CreateMessageBodySchema, {
      content: "x",
      allowed_mentions: { users: ids(100), roles: ids(100) },
    });
    expect(
      expectErrors(CreateMessageBodySchema, {
        content: "x",
        allowed_mentions: { users: ids(101), roles: ids(101) },
      }),
    ).toEqual({
      "allowed_mentions.users": ["at most 100 user ids"],
      "allowed_mentions.roles": ["at most 100 role ids"],
    });
  });

  it("reports every bad field at once", () => {
    const errors = expectErrors(CreateMessageBodySchema, {
      content: chars(2001),
      nonce: "short",
      embeds: [{ title: chars(257), color: "red" }],
    });
    expect(errors).toEqual({
      content: ["at most 2000 characters"],
      nonce: ["must be 16 to 64 letters, digits or -"],
      "embeds.0.title": ["at most 256 characters"],
      "embeds.0.color": ["must be a #rrggbb color"],
    });
  });

  it("strips keys it does not use", () => {
    const output = expectValid(CreateMessageBodySchema, {
      content: "hi",
      tts: true,
      components: [{ type: 1 }],
      flags: 4,
      sticker_ids: [ID],
      message_reference: { message_id: ID },
    });
    expect(output).toEqual({ content: "hi" });
  });

  it("refuses a body that is not an object", () => {
    expect(expectErrors(CreateMessageBodySchema, "hi")).toEqual({ "": ["expected an object"] });
    expect(expectErrors(CreateMessageBodySchema, undefined)).toEqual({ "": ["is required"] });
  });
});
