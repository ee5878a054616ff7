import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { chars, many } from "../../test/helpers.js";
import { CommandCreateBodySchema } from "../command-create-body/command-create-body.js";
import { CommandListBodySchema } from "../command-list-body/command-list-body.js";
import { CreateMessageBodySchema } from "../create-message-body/create-message-body.js";
import { InteractionCallbackBodySchema } from "../interaction-callback-body/interaction-callback-body.js";
import { WebhookExecuteBodySchema } from "../webhook-execute-body/webhook-execute-body.js";
import { validate, validateOrThrow } from "./validate.js";
import { objectMessage as objectMessageForTest } from "../shared/messages.js";
import { isValidationError, ValidationError } from "./validation-error.js";

describe("validate", () => {
  it("returns the output with unknown keys stripped", () => {
    expect(validate(CreateMessageBodySchema, { content: "hi", tts: true })).toEqual({
      success: true,
      output: { content: "hi" },
    });
  });

  it("names every bad field by dot path, the root as an empty path", () => {
    const result = validate(CreateMessageBodySchema, {
      content: 5,
      embeds: [{ fields: [{ name: "n", value: chars(1025) }] }],
    });
    expect(result).toEqual({
      success: false,
      errors: { content: ["expected a string"], "embeds.0.fields.0.value": ["at most 1024 characters"] },
    });
    expect(validate(CreateMessageBodySchema, null)).toEqual({
      success: false,
      errors: { "": ["expected an object"] },
    });
  });

  it("falls back to plain words for a schema without its own message", () => {
    const result = validate(v.object({ a: v.string(), b: v.literal("x") }), { b: "y" });
    expect(result).toEqual({ success: false, errors: { a: ["is required"], b: ['expected "x"'] } });
  });

  it("never lets valibot's default text through for the body schemas", () => {
    const bad: [v.GenericSchema, unknown][] = [
      [CreateMessageBodySchema, { content: [], reply_to: 1, nonce: {}, embeds: {}, allowed_mentions: [] }],
      [
        CreateMessageBodySchema,
        { embeds: [null, 1, { fields: {}, footer: "x", author: 1, color: [], url: 3 }] },
      ],
      [CreateMessageBodySchema, { allowed_mentions: { parse: [1], users: {}, roles: [null] } }],
      [
        CommandCreateBodySchema,
        { name: 1, description: null, options: [{}, null, { type: "3" }], type: "1" },
      ],
      [CommandCreateBodySchema, { name: "a", description: "b", options: [{ type: 3, choices: [{}, null] }] }],
      [CommandListBodySchema, [1, "x", { options: 5 }]],
      [
        WebhookExecuteBodySchema,
        { content: 1, username: [], cards: [{ url: 1 }, 2], embeds: [{ color: "1" }] },
      ],
      [InteractionCallbackBodySchema, { type: "4", data: { flags: "64", content: 1 } }],
      [InteractionCallbackBodySchema, { type: 7 }],
    ];
    for (const [schema, input] of bad) {
      const result = validate(schema, input);
      expect(result.success).toBe(false);
      const messages = result.success ? [] : Object.values(result.errors).flat();
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).not.toMatch(/Invalid|Expected|Received/);
    }
  });

  it("lists a message once per path", () => {
    const twice = v.pipe(
      v.string(),
      v.check(() => false, "x"),
      v.check(() => false, "x"),
    );
    expect(validate(twice, "a")).toEqual({ success: false, errors: { "": ["x"] } });
  });

  it("reports both the rule and the repeat on a duplicated bad name", () => {
    const result = validate(
      CommandListBodySchema,
      many(2, () => ({ name: "A", description: "d" })),
    );
    expect(result).toEqual({
      success: false,
      errors: {
        "0.name": ["must be lowercase letters, digits, - or _"],
        "1.name": [
          "must be lowercase letters, digits, - or _",
          'must be unique among the commands: "A" is used twice',
        ],
      },
    });
  });
});

describe("validateOrThrow", () => {
  it("returns the output of a good body", () => {
    expect(validateOrThrow(CreateMessageBodySchema, { content: "ok" })).toEqual({ content: "ok" });
  });

  it("throws a ValidationError with code, status and errors", () => {
    let caught: unknown;
    try {
      validateOrThrow(CreateMessageBodySchema, { content: chars(2001) });
    } catch (error) {
      caught = error;
    }
    expect(isValidationError(caught)).toBe(true);
    const error = caught as ValidationError;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ValidationError");
    expect(error.code).toBe("invalid_body");
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ content: ["at most 2000 characters"] });
    expect(error.message).toBe("Invalid body: content: at most 2000 characters");
  });
});

describe("ValidationError", () => {
  it("names the root as body and keeps a cause", () => {
    const cause = new Error("parse");
    const error = new ValidationError({ "": ["expected an object"], a: ["x", "y"] }, { cause });
    expect(error.message).toBe("Invalid body: body: expected an object; a: x, y");
    expect(error.cause).toBe(cause);
    expect(isValidationError(new Error("x"))).toBe(false);
  });
});

describe("arrays where objects belong", () => {
  it("refuses them at any depth, naming the path, where valibot alone takes them as empty objects", () => {
    expect(v.safeParse(v.object({ a: v.optional(v.string()) }), []).success).toBe(true);
    expect(validate(WebhookExecuteBodySchema, { embeds: [[]] })).toEqual({
      success: false,
      errors: { "embeds.0": ["expected an object"] },
    });
    expect(
      validate(CreateMessageBodySchema, {
        content: "hi",
        embeds: [{ title: "t", fields: [[], { name: "n", value: "v" }], author: ["x"] }],
        allowed_mentions: [],
      }),
    ).toEqual({
      success: false,
      errors: {
        "embeds.0.fields.0": ["expected an object"],
        "embeds.0.author": ["expected an object"],
        allowed_mentions: ["expected an object"],
      },
    });
    expect(validate(CreateMessageBodySchema, [])).toEqual({
      success: false,
      errors: { "": ["expected an object"] },
    });
  });

  it("reports them together with every other bad field", () => {
    expect(validate(CreateMessageBodySchema, { content: 5, embeds: [[1]] })).toEqual({
      success: false,
      errors: { content: ["expected a string"], "embeds.0": ["expected an object"] },
    });
  });

  it("still takes arrays where arrays belong", () => {
    expect(
      validate(CreateMessageBodySchema, { content: "hi", embeds: [{ fields: [{ name: "n", value: "v" }] }] }),
    ).toMatchObject({ success: true });
  });
});

describe("keys a client writes", () => {
  const PROTO_KEYS = [
    "toString",
    "__proto__",
    "constructor",
    "valueOf",
    "__defineGetter__",
    "hasOwnProperty",
  ];

  it("reports Object.prototype's names as unknown keys of a strict object, never as its members", () => {
    const schema = v.strictObject({ username: v.string() }, objectMessageForTest);
    for (const key of PROTO_KEYS) {
      const input = JSON.parse(`{"username":"abc","${key}":1}`) as unknown;
      const result = validate(schema, input);
      expect(result.success, key).toBe(false);
      if (result.success) continue;
      expect(Object.keys(result.errors), key).toEqual([key]);
      expect(result.errors[key], key).toEqual(["is not an allowed key"]);
      expect(JSON.parse(JSON.stringify(result.errors)), key).toEqual({ [key]: ["is not an allowed key"] });
    }
  });

  it("reports them at any depth when unknown keys are refused, and strips them otherwise", () => {
    for (const key of PROTO_KEYS) {
      const input = JSON.parse(`{"content":"x","embeds":[{"title":"t","${key}":1}],"${key}":2}`) as unknown;
      const result = validate(CreateMessageBodySchema, input, { refuseUnknownKeys: true });
      expect(result.success, key).toBe(false);
      if (!result.success)
        expect(JSON.parse(JSON.stringify(result.errors)), key).toEqual({
          [key]: ["is not an allowed key"],
          [`embeds.0.${key}`]: ["is not an allowed key"],
        });
      expect(validate(CreateMessageBodySchema, input).success, key).toBe(true);
    }
  });

  it("names a nested unknown key of a body when refused", () => {
    expect(
      validate(
        CreateMessageBodySchema,
        { content: "x", embeds: [{ title: "t", zzz: 1 }] },
        { refuseUnknownKeys: true },
      ),
    ).toEqual({ success: false, errors: { "embeds.0.zzz": ["is not an allowed key"] } });
  });

  it("names a missing required key of an object schema with its own message", () => {
    const schema = v.strictObject({ username: v.string("expected a string") }, objectMessageForTest);
    expect(validate(schema, {})).toEqual({ success: false, errors: { username: ["is required"] } });
    expect(validate(schema, 5)).toEqual({ success: false, errors: { "": ["expected an object"] } });
  });
});
