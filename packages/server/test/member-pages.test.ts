import type { Member } from "@chatbot/protocol";
import type { SeedWorld } from "../src/index.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, ok, startHarness } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

const TOKEN = "member-pages-token-0123456789";
const GUILD = "3001";

/** Users whose ids have 1 to 19 digits, so text order and number order disagree. */
const SEED_IDS = [
  "7",
  "42",
  "999",
  "1000",
  "65536",
  "4000000000",
  "123456789012345678",
  "9000000000000000000",
];

const SEED = {
  users: [{ id: "1001", username: "owner" }, ...SEED_IDS.map((id) => ({ id, username: `u${id}` }))],
  apps: [{ id: "2001", name: "Lister", token: TOKEN, privileged_intents: ["guild_members"] }],
  guilds: [{ id: GUILD, name: "Guild", owner_id: "1001" }],
  channels: [{ id: "6001", guild_id: GUILD, name: "general" }],
  members: SEED_IDS.map((user_id) => ({ guild_id: GUILD, user_id })),
  installs: [{ guild_id: GUILD, application_id: "2001", scopes: ["members.read"], permissions: [] }],
} as unknown as SeedWorld;

/** A page as sorting every member of the server gives it (ids compared as numbers). */
function reference(limit: number, after: string | undefined): string[] {
  return [...h.server.core.world.tables.members.values()]
    .filter((m) => m.guild_id === GUILD)
    .map((m) => m.user_id)
    .filter((id) => after === undefined || BigInt(id) > BigInt(after))
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
    .slice(0, limit);
}

describe("member pages from the ordered member index", () => {
  it("answer as sorting every member does, after joins, leaves, kicks, bans and rejoins", async () => {
    h = await startHarness({ seed: SEED });
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      const user = ok(await h.dev<{ id: string }>("POST", "/dev/v1/users", { username: `made${i}` }), 201);
      made.push(user.id);
      ok(await h.dev("POST", `/dev/v1/guilds/${GUILD}/members`, { user_id: user.id }), 201);
    }
    const leave = (id: string) =>
      h.dev("DELETE", `/dev/v1/guilds/${GUILD}/members/${id}`, { action: "leave" }, { as: id });
    for (const id of ["42", "4000000000", made[0]!, made[5]!, made[11]!]) ok(await leave(id), 204);
    ok(await h.dev("DELETE", `/dev/v1/guilds/${GUILD}/members/999`, { action: "ban" }, { as: "1001" }), 204);
    ok(
      await h.dev("DELETE", `/dev/v1/guilds/${GUILD}/members/${made[3]}`, { action: "kick" }, { as: "1001" }),
      204,
    );
    for (const id of ["42", made[5]!])
      ok(await h.dev("POST", `/dev/v1/guilds/${GUILD}/members`, { user_id: id }), 201);

    const probes = [undefined, "0", "6", ...SEED_IDS, ...made, "9223372036854775807"];
    for (const limit of [1, 3, 1000]) {
      for (const after of probes) {
        const q = `limit=${limit}${after === undefined ? "" : `&after=${after}`}`;
        const expected = reference(limit, after);
        const bot = ok(await h.bot<Member[]>(TOKEN, "GET", `/v1/guilds/${GUILD}/members?${q}`));
        expect(
          bot.map((m) => m.user.id),
          q,
        ).toEqual(expected);
        const dev = ok(await h.dev<Member[]>("GET", `/dev/v1/guilds/${GUILD}/members?${q}`));
        expect(
          dev.map((m) => m.user.id),
          q,
        ).toEqual(expected);
      }
    }
    // 8 seeded + 12 made + owner + bot, less 5 leaves, a ban and a kick, plus 2 rejoins.
    expect(reference(1000, undefined)).toHaveLength(17);
  });
});
