import { describe, expect, it } from "vitest";
import { chars, expectErrors, expectValid, many } from "../../test/helpers.js";
import { InteractionCallbackBodySchema, isEphemeral } from "./interaction-callback-body.js";

describe("InteractionCallbackBodySchema", () => {
  it("takes an answer with content, flags, embeds and allowed_mentions", () => {
    const body = {
      type: 4,
      data: { content: "pong", flags: 64, embeds: [{ title: "t" }], allowed_mentions: { parse: [] } },
    };
    expect(expectValid(InteractionCallbackBodySchema, body)).toEqual(body);
  });

  it("takes a thinking state with or without data", () => {
    expect(expectValid(InteractionCallbackBodySchema, { type: 5 })).toEqual({ type: 5 });
    expect(expectValid(InteractionCallbackBodySchema, { type: 5, data: { flags: 64 } })).toEqual({
      type: 5,
      data: { flags: 64 },
    });
  });

  it("wants content or an embed in an answer, at data.content", () => {
    const rule = { "data.content": ["content or at least one embed is required"] };
    expect(expectErrors(InteractionCallbackBodySchema, { type: 4 })).toEqual(rule);
    expect(
      expectErrors(InteractionCallbackBodySchema, { type: 4, data: { content: "", flags: 64 } }),
    ).toEqual(rule);
    expectValid(InteractionCallbackBodySchema, { type: 4, data: { embeds: [{ description: "d" }] } });
  });

  it("refuses other types, bad flags and the message limits", () => {
    expect(expectErrors(InteractionCallbackBodySchema, { type: 1 })).toEqual({
      type: ["expected 4 (answer) or 5 (thinking)"],
    });
    expect(
      expectErrors(InteractionCallbackBodySchema, { type: 4, data: { content: "x", flags: 1.5 } }),
    ).toEqual({
      "data.flags": ["expected an integer"],
    });
    expect(
      expectErrors(InteractionCallbackBodySchema, {
        type: 4,
        data: { content: chars(2001), embeds: many(11, () => ({ title: "t" })) },
      }),
    ).toEqual({ "data.content": ["at most 2000 characters"], "data.embeds": ["at most 10 embeds"] });
  });

  it("drops keys it does not use", () => {
    expect(
      expectValid(InteractionCallbackBodySchema, {
        type: 4,
        data: { content: "x", tts: true, components: [] },
      }),
    ).toEqual({ type: 4, data: { content: "x" } });
  });
});

describe("isEphemeral", () => {
  it("reads flag 64", () => {
    expect(isEphemeral(64)).toBe(true);
    expect(isEphemeral(64 | 4)).toBe(true);
    expect(isEphemeral(4)).toBe(false);
    expect(isEphemeral(undefined)).toBe(false);
  });
});
