import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { SeedWorld } from "../src/index.js";
import { type Harness, ok, startHarness } from "./harness.js";

let h: Harness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The users a scan of every user finds for `given` (usernames compared case-insensitively). */
function scan(given: string): string[] {
  const wanted = given.toLowerCase();
  return [...h!.server.core.world.tables.users.values()]
    .filter((u) => u.username.toLowerCase() === wanted)
    .map((u) => u.id);
}

/**
 * What `X-Dev-User: given` resolves to, read from the author of a message posted as that person in
 * #general of server 3001; otherwise the error code.
 */
async function resolve(given: string): Promise<string> {
  const answer = await h!.dev<Message | { code: string }>(
    "POST",
    "/dev/v1/channels/6001/messages",
    { content: "hi" },
    { as: given },
  );
  return "author" in answer.body ? answer.body.author.id : answer.body.code;
}

/** What a scan says `resolve(given)` answers. */
function expected(given: string): string {
  const found = scan(given);
  if (found.length === 0) return "unknown_user";
  if (found.length > 1) return "invalid_body";
  return h!.server.core.world.tables.members.has(`3001:${found[0]}`) ? found[0]! : "unknown_channel";
}

/** Every username (and a changed case of it) resolves as a scan of the users says; so does creating it. */
async function expectIndexAgrees(names: readonly string[]): Promise<void> {
  for (const name of names) {
    for (const given of [name, name.toUpperCase()]) {
      expect(await resolve(given), given).toBe(expected(given));
    }
    const taken = scan(`${name}x`).length > 0;
    const create = await h!.dev("POST", "/dev/v1/users", { username: `${name.toLowerCase()}x` });
    expect(create.status, `${name}x`).toBe(taken ? 409 : 201);
  }
}

const SEED = {
  users: [
    { id: "1001", username: "owner" },
    { id: "1002", username: "Twin" },
    { id: "1003", username: "twin" },
    { id: "1004", username: "solo" },
  ],
  guilds: [{ id: "3001", name: "Guild", owner_id: "1001" }],
  channels: [{ id: "6001", guild_id: "3001", name: "general" }],
  members: [
    { guild_id: "3001", user_id: "1002" },
    { guild_id: "3001", user_id: "1003" },
    { guild_id: "3001", user_id: "1004" },
  ],
} as unknown as SeedWorld;

const NAMES = ["owner", "twin", "solo", "soLOx", "nobody", "newcomer", "late"];

describe("users by username from the username index", () => {
  it("agrees with a scan after a seed, creates, a replaced world and a reset", async () => {
    h = await startHarness({ seed: SEED });
    for (const name of ["newcomer", "late"]) {
      const user = ok(await h.dev<{ id: string }>("POST", "/dev/v1/users", { username: name }), 201);
      ok(await h.dev("POST", "/dev/v1/guilds/3001/members", { user_id: user.id }), 201);
    }
    expect((await h.dev("POST", "/dev/v1/users", { username: "NEWCOMER".toLowerCase() })).status).toBe(409);
    await expectIndexAgrees(NAMES);

    const replaced = {
      ...SEED,
      users: SEED.users!.map((u) => (u.id === "1003" ? { ...u, username: "triplet" } : u)),
    };
    ok(await h.dev("PUT", "/dev/v1/world", replaced));
    expect(scan("twin")).toEqual(["1002"]);
    await expectIndexAgrees([...NAMES, "triplet"]);

    ok(await h.dev("POST", "/dev/v1/reset"), 204);
    expect(await resolve("owner")).toBe("unknown_user");
    expect((await h.dev("POST", "/dev/v1/users", { username: "owner" })).status).toBe(201);
  });

  it("agrees with a scan after the store is read back from disk (--data)", async () => {
    dir = mkdtempSync(join(tmpdir(), "users-by-name-"));
    const dataPath = join(dir, "world.db");
    h = await startHarness({ seed: SEED, dataPath });
    const user = ok(await h.dev<{ id: string }>("POST", "/dev/v1/users", { username: "saved" }), 201);
    ok(await h.dev("POST", "/dev/v1/guilds/3001/members", { user_id: user.id }), 201);
    await h.close();
    h = await startHarness({ dataPath });
    expect(h.server.worldSource).toBe("store");
    expect(await resolve("Saved")).toBe(user.id);
    await expectIndexAgrees([...NAMES, "saved"]);
  });
});
