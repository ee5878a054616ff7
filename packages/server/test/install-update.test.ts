import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventWorld, eventWorld, GatewayHarness } from "./gateway-harness.js";

let h: GatewayHarness;
let w: EventWorld;
beforeEach(async () => {
  h = await GatewayHarness.start();
  // Installed with guilds and guild_messages only: no reactions.
  w = await eventWorld(h, { intents: ["guilds", "guild_messages"] });
});
afterEach(() => h.close());

const installPath = () => `/guilds/${w.guild.id}/installs/${w.app.id}`;

describe("PATCH /dev/v1/guilds/{id}/installs/{app_id}", () => {
  it("widens an install in place: the connection stays, the new grants apply to the next event", async () => {
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages", "guild_reactions"]);
    const message = await h.dev<{ id: string }>(
      "POST",
      `/channels/${w.guild.generalId}/messages`,
      { content: "hi" },
      w.memberId,
    );
    await client.drain();
    await h.dev(
      "PUT",
      `/channels/${w.guild.generalId}/messages/${message.id}/reactions/%F0%9F%91%8D`,
      undefined,
      w.memberId,
    );
    // Not granted yet: no reaction event.
    expect((await client.drain()).map((e) => e.t)).toEqual([]);

    const changed = await h.dev<{ intents: string[]; scopes: string[]; role_id: string }>(
      "PATCH",
      installPath(),
      {
        intents: ["guilds", "guild_messages", "guild_reactions"],
        permissions: ["view_channels", "send_messages", "read_message_history", "add_reactions"],
      },
      w.ownerId,
    );
    expect(changed).toMatchObject({
      intents: ["guilds", "guild_messages", "guild_reactions"],
      role_id: w.roleId,
    });
    await h.advance(300);
    const events = await client.drain();
    expect(events.map((e) => e.t)).toEqual(expect.arrayContaining(["GUILD_ROLE_UPDATE", "GUILD_UPDATE"]));
    const update = events.find((e) => e.t === "GUILD_UPDATE")!.d as { intents: string[] };
    expect(update.intents).toEqual(["guilds", "guild_messages", "guild_reactions"]);

    // The same connection now gets reactions, and every message in between arrived.
    await h.dev(
      "DELETE",
      `/channels/${w.guild.generalId}/messages/${message.id}/reactions/%F0%9F%91%8D`,
      undefined,
      w.memberId,
    );
    expect((await client.drain()).map((e) => e.t)).toEqual(["MESSAGE_REACTION_REMOVE"]);
    expect(client.closeEvent).toBeNull();
    // The bot is still the same member, with the same role.
    const snapshot = await h.bot<{ me: { roles: string[]; permissions: string[] } }>(
      w.app.token,
      "GET",
      `/v1/guilds/${w.guild.id}`,
    );
    expect(snapshot.body.me.roles).toEqual([w.roleId]);
    expect(snapshot.body.me.permissions).toContain("add_reactions");
  });

  it("refuses an empty change, an unknown intent, a person without Manage server, and an app not installed", async () => {
    expect((await h.devCall("PATCH", installPath(), {}, w.ownerId)).body).toMatchObject({
      code: "invalid_body",
      errors: { body: ["give at least one of scopes, intents and permissions"] },
    });
    expect((await h.devCall("PATCH", installPath(), { intents: ["nope"] }, w.ownerId)).status).toBe(400);
    expect((await h.devCall("PATCH", installPath(), { intents: ["guilds"] }, w.memberId)).status).toBe(403);
    const other = await h.app("Other");
    const missing = await h.devCall(
      "PATCH",
      `/guilds/${w.guild.id}/installs/${other.id}`,
      { intents: ["guilds"] },
      w.ownerId,
    );
    expect(missing.status).toBe(404);
  });
});
