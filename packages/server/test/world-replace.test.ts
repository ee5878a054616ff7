import { afterEach, describe, expect, it } from "vitest";
import { parseSeed } from "../src/seed/load-seed.js";
import { SeedError } from "../src/seed/seed-error.js";
import { type Harness, ok, setupWorld, startHarness } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

const errorsOf = (body: unknown) => (body as { errors: Record<string, string[]> }).errors;

describe("PUT /dev/v1/world takes only a world", () => {
  it("refuses unknown keys, at the top and inside rows, naming them, and keeps the world", async () => {
    h = await startHarness();
    await setupWorld(h);
    const before = ok(await h.dev("GET", "/dev/v1/world"));
    const top = await h.dev("PUT", "/dev/v1/world", { zzz: 1 });
    expect(top.status).toBe(400);
    expect(errorsOf(top.body)).toEqual({ zzz: ["is not an allowed key"] });
    const nested = await h.dev("PUT", "/dev/v1/world", {
      users: [{ id: "1001", username: "ada", nmae: "Ada" }],
      messages: [{ id: "7001", channel_id: "6001", author_id: "1001", embeds: [{ title: "t", zzz: 1 }] }],
    });
    expect(nested.status).toBe(400);
    expect(errorsOf(nested.body)).toMatchObject({
      "users.0.nmae": ["is not an allowed key"],
      "messages.0.embeds.0.zzz": ["is not an allowed key"],
    });
    const proto = await h.dev("PUT", "/dev/v1/world", undefined, { raw: '{"users":[],"__proto__":{"a":1}}' });
    expect(proto.status).toBe(400);
    // Written as JSON: `{ __proto__: [...] }` in code would set a prototype, not a key.
    expect(errorsOf(proto.body)).toEqual(JSON.parse('{"__proto__":["is not an allowed key"]}'));
    expect(Object.keys(errorsOf(proto.body))).toEqual(["__proto__"]);
    expect(ok(await h.dev("GET", "/dev/v1/world"))).toEqual(before);
  });

  it("names a missing required field of a row", async () => {
    h = await startHarness();
    const answer = await h.dev("PUT", "/dev/v1/world", { users: [{ id: "1001" }] });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.body)).toEqual({ "users.0.username": ["is required"] });
  });

  it("takes its own export back", async () => {
    h = await startHarness();
    await setupWorld(h);
    const before = ok(await h.dev("GET", "/dev/v1/world"));
    expect(ok(await h.dev("PUT", "/dev/v1/world", before))).toEqual(before);
  });

  it("refuses an unknown key of a seed given to startServer or --seed", () => {
    expect(() => parseSeed({ userz: [] })).toThrow(SeedError);
    try {
      parseSeed({ userz: [], users: [{ id: "1", username: "a", zz: 1 }] });
    } catch (error) {
      expect((error as SeedError).errors).toEqual({
        userz: ["is not an allowed key"],
        "users.0.zz": ["is not an allowed key"],
      });
    }
  });
});

describe("ids in a world", () => {
  it("refuses an id past 2^63-1, naming it", async () => {
    h = await startHarness();
    await setupWorld(h);
    const before = ok(await h.dev("GET", "/dev/v1/world"));
    for (const id of ["18446744073709551615", "9223372036854775808"]) {
      const answer = await h.dev("PUT", "/dev/v1/world", {
        users: [{ id: "1001", username: "ada" }],
        guilds: [{ id: "3001", name: "G", owner_id: "1001" }],
        channels: [{ id: "6001", guild_id: "3001", name: "general" }],
        messages: [{ id, channel_id: "6001", author_id: "1001", content: "far" }],
      });
      expect(answer.status, id).toBe(400);
      expect(errorsOf(answer.body), id).toEqual({
        "messages.0.id": ["must be an id: a decimal string of 1 to 19 digits, at most 2^63-1"],
      });
    }
    expect(ok(await h.dev("GET", "/dev/v1/world"))).toEqual(before);
  });

  it("answers 507 ids_exhausted, changing nothing, when the world holds the last id", async () => {
    h = await startHarness();
    const world = {
      users: [{ id: "9223372036854775807", username: "last" }],
    };
    ok(await h.dev("PUT", "/dev/v1/world", world));
    const answer = await h.dev("POST", "/dev/v1/users", { username: "next" });
    expect(answer.status).toBe(507);
    expect((answer.body as { code: string }).code).toBe("ids_exhausted");
    const after = ok(await h.dev<{ users: Array<{ id: string }> }>("GET", "/dev/v1/world"));
    expect(after.users.map((u) => u.id)).toEqual(["9223372036854775807"]);
  });
});
