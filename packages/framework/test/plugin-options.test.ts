import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createBot,
  DefinitionError,
  definePlugin,
  type Plugin,
  type PluginOptionsSchema,
} from "../src/index.js";

const base = { token: "t", baseUrl: "http://127.0.0.1:1", logger: "silent" } as const;

/** The problems of the DefinitionError that making a bot of `plugin` throws. */
function problems(plugin: Plugin): readonly string[] {
  try {
    createBot({ ...base, plugins: [plugin] });
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as DefinitionError).problems;
  }
  throw new Error("the bot was made");
}

/** A plugin of `schema` whose setup keeps the options it is given, as `seen.options`. */
function recording(name: string, schema: PluginOptionsSchema) {
  const seen: { options?: unknown } = {};
  const plugin = definePlugin({
    name,
    options: schema,
    setup: (options) => {
      seen.options = options;
      return {};
    },
  });
  return { plugin: plugin as (options?: unknown) => Plugin, seen };
}

describe("a plugin's options schema, of any Standard Schema library", () => {
  it("valibot: hands setup the schema's output, and names the option and the rule of a bad one", () => {
    const poll = definePlugin({
      name: "poll",
      options: v.strictObject({
        choices: v.pipe(
          v.array(v.pipe(v.string(), v.trim(), v.nonEmpty("must not be empty"))),
          v.minLength(2),
        ),
        minutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 10),
      }),
      setup: (options) => {
        // Typed from the schema's output: choices string[], minutes number.
        const minutes: number = options.minutes;
        return { intents: minutes > 0 && options.choices.length > 1 ? ["guild_messages"] : [] };
      },
    });
    expect(createBot({ ...base, plugins: [poll({ choices: [" yes ", "no"] })] }).intents).toContain(
      "guild_messages",
    );
    const { plugin, seen } = recording(
      "poll",
      v.strictObject({ choices: v.array(v.pipe(v.string(), v.trim())), minutes: v.optional(v.number(), 10) }),
    );
    createBot({ ...base, plugins: [plugin({ choices: [" yes ", "no"] })] });
    expect(seen.options).toEqual({ choices: ["yes", "no"], minutes: 10 });

    expect(problems(poll({ choices: ["yes", " "] }))).toEqual([
      'plugin "poll": option choices.1: must not be empty',
    ]);
    expect(problems(poll({ choices: ["yes", "no"], minutes: 0 }))).toEqual([
      'plugin "poll": option minutes: Invalid value: Expected >=1 but received 0',
    ]);
    expect(problems(poll({ choices: ["yes"], minutes: 1.5 }))).toEqual([
      'plugin "poll": option choices: Invalid length: Expected >=2 but received 1',
      'plugin "poll": option minutes: Invalid integer: Received 1.5',
    ]);
    expect(problems(poll(5 as never))).toEqual([
      'plugin "poll": its options: Invalid type: Expected Object but received 5',
    ]);
  });

  it("zod: hands setup the schema's output, and names the option and the rule of a bad one", () => {
    const poll = definePlugin({
      name: "poll",
      options: z.strictObject({
        choices: z.array(z.string().trim().min(1, "must not be empty")).min(2),
        minutes: z.number().int().min(1).default(10),
      }),
      setup: (options) => {
        const minutes: number = options.minutes;
        return { intents: minutes > 0 && options.choices.length > 1 ? ["guild_messages"] : [] };
      },
    });
    expect(createBot({ ...base, plugins: [poll({ choices: ["yes", "no"] })] }).intents).toContain(
      "guild_messages",
    );
    const { plugin, seen } = recording(
      "poll",
      z.strictObject({ choices: z.array(z.string().trim()), minutes: z.number().default(10) }),
    );
    createBot({ ...base, plugins: [plugin({ choices: [" yes ", "no"] })] });
    expect(seen.options).toEqual({ choices: ["yes", "no"], minutes: 10 });

    expect(problems(poll({ choices: ["yes", " "] }))).toEqual([
      'plugin "poll": option choices.1: must not be empty',
    ]);
    expect(problems(poll({ choices: ["yes", "no"], minutes: 0 }))).toEqual([
      'plugin "poll": option minutes: Too small: expected number to be >=1',
    ]);
    expect(problems(poll({ choices: ["yes"], minutes: 1.5 }))).toEqual([
      'plugin "poll": option choices: Too small: expected array to have >=2 items',
      'plugin "poll": option minutes: Invalid input: expected int, received number',
    ]);
    expect(problems(poll({ choices: ["yes", "no"], minuts: 5 } as never))).toEqual([
      'plugin "poll": its options: Unrecognized key: "minuts"',
    ]);
  });

  it("refuses, when the bot is made, a schema that is asynchronous, throws, or is no Standard Schema", () => {
    const slow = recording(
      "slow",
      z.object({ channel: z.string().refine(async (name) => name !== "general") }),
    );
    expect(problems(slow.plugin({ channel: "mod-log" }))).toEqual([
      'plugin "slow": its options schema checks asynchronously (its validate() answered a promise); options are checked when the bot is made, so give a synchronous schema (valibot\'s v.object, not v.objectAsync; zod without async refinements)',
    ]);
    expect(slow.seen.options).toBeUndefined();

    const throwing = recording("throwing", {
      "~standard": {
        version: 1,
        vendor: "hand-made",
        validate: () => {
          throw new Error("boom");
        },
      },
    });
    expect(problems(throwing.plugin({}))).toEqual(['plugin "throwing": its options schema threw: boom']);

    const plain = recording("plain", { channel: z.string() } as never);
    expect(problems(plain.plugin({ channel: "x" }))).toEqual([
      'plugin "plain": options must be a Standard Schema (a schema of valibot, zod, ArkType…), got an object without ~standard',
    ]);
  });

  it("takes a hand-made Standard Schema, whose path segments may be objects", () => {
    const { plugin, seen } = recording("hand", {
      "~standard": {
        version: 1,
        vendor: "hand-made",
        validate: (value: unknown) =>
          typeof value === "object" && value !== null && "n" in value && value.n === 1
            ? { value: { n: 1, doubled: 2 } }
            : { issues: [{ message: "must be 1", path: [{ key: "n" }] }] },
      },
    });
    expect(problems(plugin({ n: 2 }))).toEqual(['plugin "hand": option n: must be 1']);
    createBot({ ...base, plugins: [plugin({ n: 1 })] });
    expect(seen.options).toEqual({ n: 1, doubled: 2 });
  });
});
