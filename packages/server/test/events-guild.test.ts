import type { Channel, GuildCreatePayload, Role } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import {
  type EventWorld,
  eventWorld,
  GatewayHarness,
  type InstallOptions,
  payloadOf,
} from "./gateway-harness.js";

let h: GatewayHarness;
afterEach(() => h.close());

async function world(options: InstallOptions = {}): Promise<EventWorld> {
  h = await GatewayHarness.start();
  return eventWorld(h, options);
}

const hideFromEveryone = (w: EventWorld) => [
  { id: w.guild.everyoneRoleId, type: "role", deny: ["view_channels"] },
];

describe("server events", () => {
  it("merges GUILD_UPDATEs into at most one per 300 ms per server, with the newest snapshot", async () => {
    const w = await world();
    const { client } = await h.connect(w.app.token, ["guilds"]);
    for (const name of ["One", "Two", "Three"]) {
      await h.dev("PATCH", `/guilds/${w.guild.id}`, { name }, w.ownerId);
    }
    const first = await client.drain();
    expect(first.map((f) => [f.t, payloadOf<GuildCreatePayload>(f).name])).toEqual([["GUILD_UPDATE", "One"]]);
    await h.advance(299);
    expect(await client.drainTypes()).toEqual([]);
    await h.advance(1);
    const merged = await client.drain();
    expect(merged.map((f) => [f.t, payloadOf<GuildCreatePayload>(f).name])).toEqual([
      ["GUILD_UPDATE", "Three"],
    ]);
    expect(payloadOf<GuildCreatePayload>(merged[0])).toMatchObject({
      id: w.guild.id,
      intents: ["guilds"],
      scopes: ["messages.read", "messages.send", "reactions", "message_content"],
      emojis: [],
    });
    await h.advance(300);
    await h.dev("PATCH", `/guilds/${w.guild.id}`, { description: "now" }, w.ownerId);
    expect(await client.drain()).toMatchObject([{ t: "GUILD_UPDATE", d: { description: "now" } }]);

    const noGuilds = await h.connect(w.app.token, ["guild_messages"]);
    await h.dev("PATCH", `/guilds/${w.guild.id}`, { name: "Four" }, w.ownerId);
    await h.advance(300);
    expect(await noGuilds.client.drainTypes()).toEqual([]);
  });

  it("sends role events, and a GUILD_UPDATE for role changes", async () => {
    const w = await world();
    const { client } = await h.connect(w.app.token, ["guilds"]);
    const role = await h.dev<Role>(
      "POST",
      `/guilds/${w.guild.id}/roles`,
      { name: "helpers", permissions: [] },
      w.ownerId,
    );
    const created = await client.drain();
    expect(created[0]).toMatchObject({ t: "GUILD_ROLE_CREATE", d: { guild_id: w.guild.id, role } });
    expect(created.map((f) => f.t)).toContain("GUILD_UPDATE");
    await h.advance(300);
    await client.drain();

    await h.dev(
      "PATCH",
      `/guilds/${w.guild.id}/roles/${role.id}`,
      { name: "helpers+", hoist: true },
      w.ownerId,
    );
    const updated = await client.drain();
    expect(updated.map((f) => f.t)).toEqual(["GUILD_ROLE_UPDATE", "GUILD_UPDATE"]);
    expect(updated[0]?.d).toMatchObject({
      guild_id: w.guild.id,
      role: { id: role.id, name: "helpers+", hoist: true },
    });
    expect(payloadOf<GuildCreatePayload>(updated[1]).roles.map((r) => r.name)).toContain("helpers+");
    await h.advance(300);

    await h.dev("DELETE", `/guilds/${w.guild.id}/roles/${role.id}`, undefined, w.ownerId);
    const deleted = await client.drain();
    expect(deleted[0]).toEqual({
      op: "dispatch",
      t: "GUILD_ROLE_DELETE",
      s: deleted[0]?.s,
      d: { guild_id: w.guild.id, role_id: role.id },
    });
  });

  it("sends a GUILD_ROLE_UPDATE for every role when roles are reordered", async () => {
    const w = await world();
    const a = await h.dev<Role>(
      "POST",
      `/guilds/${w.guild.id}/roles`,
      { name: "a", permissions: [] },
      w.ownerId,
    );
    const b = await h.dev<Role>(
      "POST",
      `/guilds/${w.guild.id}/roles`,
      { name: "b", permissions: [] },
      w.ownerId,
    );
    const { client } = await h.connect(w.app.token, ["guilds"]);
    await h.dev("PATCH", `/guilds/${w.guild.id}/roles`, [{ id: a.id, position: 3 }], w.ownerId);
    const frames = await client.drain();
    const updates = frames.filter((f) => f.t === "GUILD_ROLE_UPDATE");
    // Every role but the everyone role: the app's own, a and b.
    expect(updates.map((f) => payloadOf<{ role: Role }>(f).role.id).sort()).toEqual(
      [w.roleId, a.id, b.id].sort(),
    );
    expect(
      payloadOf<{ role: Role }>(updates.find((f) => payloadOf<{ role: Role }>(f).role.id === a.id)).role
        .position,
    ).toBe(3);
  });

  it("sends CHANNEL_CREATE, _UPDATE and _DELETE only for channels the bot sees", async () => {
    const w = await world();
    const { client } = await h.connect(w.app.token, ["guilds"]);
    const news = await h.dev<Channel>(
      "POST",
      `/guilds/${w.guild.id}/channels`,
      { name: "news", kind: "text" },
      w.ownerId,
    );
    const created = await client.drain();
    expect(created.map((f) => f.t)).toEqual(["CHANNEL_CREATE", "GUILD_UPDATE"]);
    const { overwrites: _dev, ...shown } = news as Channel & { overwrites: unknown };
    expect(created[0]?.d).toEqual({ ...shown, permissions: payloadOf<Channel>(created[0]).permissions });
    expect(payloadOf<Channel>(created[0]).permissions).toEqual(
      expect.arrayContaining(["view_channels", "send_messages", "read_message_history"]),
    );
    await h.advance(300);

    const secret = await h.dev<Channel>(
      "POST",
      `/guilds/${w.guild.id}/channels`,
      { name: "secret", kind: "text", overwrites: hideFromEveryone(w) },
      w.ownerId,
    );
    await h.dev("PATCH", `/channels/${secret.id}`, { topic: "shh" }, w.ownerId);
    await h.dev("DELETE", `/channels/${secret.id}`, undefined, w.ownerId);
    expect(await client.drainTypes()).toEqual([]);

    await h.dev("PATCH", `/channels/${news.id}`, { topic: "daily" }, w.ownerId);
    expect(await client.drain()).toMatchObject([
      { t: "CHANNEL_UPDATE", d: { id: news.id, topic: "daily" } },
      { t: "GUILD_UPDATE" },
    ]);
    await h.advance(300);
    await h.dev("DELETE", `/channels/${news.id}`, undefined, w.ownerId);
    expect(await client.drain()).toMatchObject([
      { t: "CHANNEL_DELETE", d: { id: news.id, guild_id: w.guild.id } },
      { t: "GUILD_UPDATE" },
    ]);
  });

  it("sends CHANNEL_CREATE when a change shows a channel and CHANNEL_DELETE when one hides it", async () => {
    // The app's own role grants nothing, so what it sees follows the everyone role and overwrites.
    const w = await world({ permissions: [] });
    const { client } = await h.connect(w.app.token, ["guilds"]);
    const secret = await h.dev<Channel>(
      "POST",
      `/guilds/${w.guild.id}/channels`,
      { name: "secret", kind: "text", overwrites: hideFromEveryone(w) },
      w.ownerId,
    );
    expect(await client.drainTypes()).toEqual([]);

    // An overwrite for the bot shows it; taking it away hides it.
    const showBot = [
      ...hideFromEveryone(w),
      { id: w.app.botUserId, type: "member", allow: ["view_channels"] },
    ];
    await h.dev("PATCH", `/channels/${secret.id}`, { overwrites: showBot }, w.ownerId);
    expect(await client.drain()).toMatchObject([
      { t: "CHANNEL_CREATE", d: { id: secret.id, name: "secret" } },
      { t: "GUILD_UPDATE" },
    ]);
    await h.advance(300);
    await h.dev("PATCH", `/channels/${secret.id}`, { overwrites: hideFromEveryone(w) }, w.ownerId);
    expect(await client.drain()).toMatchObject([
      { t: "CHANNEL_DELETE", d: { id: secret.id } },
      { t: "GUILD_UPDATE" },
    ]);
    await h.advance(300);

    // A role given to the bot shows it; the role losing the permission hides it; so does deleting it.
    const insiders = await h.dev<Role>(
      "POST",
      `/guilds/${w.guild.id}/roles`,
      { name: "insiders", permissions: [] },
      w.ownerId,
    );
    await h.dev(
      "PATCH",
      `/channels/${secret.id}`,
      { overwrites: [...hideFromEveryone(w), { id: insiders.id, type: "role", allow: ["view_channels"] }] },
      w.ownerId,
    );
    await h.advance(300);
    await client.drain();
    await h.dev(
      "PATCH",
      `/guilds/${w.guild.id}/members/${w.app.botUserId}`,
      { roles: [w.roleId, insiders.id] },
      w.ownerId,
    );
    // The bot's `me` changed with its roles: its snapshot follows (docs/decisions.md).
    expect(await client.drainTypes()).toEqual(["CHANNEL_CREATE", "GUILD_UPDATE"]);
    await h.advance(300);
    await h.dev("DELETE", `/guilds/${w.guild.id}/roles/${insiders.id}`, undefined, w.ownerId);
    const types = await client.drainTypes();
    expect(types).toContain("GUILD_ROLE_DELETE");
    expect(types.filter((t) => t === "CHANNEL_DELETE")).toHaveLength(1);
    await h.advance(300);
    await client.drain();

    // The everyone role losing view_channels hides every channel at once.
    await h.dev(
      "PATCH",
      `/guilds/${w.guild.id}/roles/${w.guild.everyoneRoleId}`,
      { permissions: ["send_messages"] },
      w.ownerId,
    );
    const hidden = await client.drain();
    expect(hidden.map((f) => f.t)).toEqual(["GUILD_ROLE_UPDATE", "CHANNEL_DELETE", "GUILD_UPDATE"]);
    expect(hidden[1]?.d).toEqual({ id: w.guild.generalId, guild_id: w.guild.id });
    expect(payloadOf<GuildCreatePayload>(hidden[2]).channels).toEqual([]);
  });

  it("sends the merged GUILD_UPDATE after a channel is hidden and shown again within one window", async () => {
    // Between the two the bot was told the channel went, and with it the category that held only
    // it: the merged update must go out, though it repeats the snapshot sent before the window.
    const w = await world();
    const { client } = await h.connect(w.app.token, ["guilds"]);
    const category = await h.dev<{ id: string }>(
      "POST",
      `/guilds/${w.guild.id}/categories`,
      { name: "Talk" },
      w.ownerId,
    );
    const talk = await h.dev<Channel>(
      "POST",
      `/guilds/${w.guild.id}/channels`,
      { name: "talk", kind: "text" },
      w.ownerId,
    );
    await h.advance(300);
    await client.drain();

    await h.dev("PATCH", `/channels/${talk.id}`, { category_id: category.id }, w.ownerId);
    const moved = await client.drain();
    expect(moved.map((f) => f.t)).toEqual(["CHANNEL_UPDATE", "GUILD_UPDATE"]);
    expect(payloadOf<GuildCreatePayload>(moved[1]).categories).toEqual([
      { id: category.id, name: "Talk", position: 0 },
    ]);
    const hideFromBot = [{ id: w.app.botUserId, type: "member", deny: ["view_channels"] }];
    await h.dev("PATCH", `/channels/${talk.id}`, { overwrites: hideFromBot }, w.ownerId);
    await h.dev("PATCH", `/channels/${talk.id}`, { overwrites: [] }, w.ownerId);
    expect(await client.drainTypes()).toEqual(["CHANNEL_DELETE", "CHANNEL_CREATE"]);
    await h.advance(300);
    const merged = await client.drain();
    expect(merged.map((f) => f.t)).toEqual(["GUILD_UPDATE"]);
    expect(payloadOf<GuildCreatePayload>(merged[0]).categories).toEqual([
      { id: category.id, name: "Talk", position: 0 },
    ]);

    // A change that leaves the bot's snapshot as it was, with no channel shown or hidden, still sends none.
    await h.advance(300);
    const hideFromMember = [{ id: w.memberId, type: "member", deny: ["view_channels"] }];
    await h.dev("PATCH", `/channels/${talk.id}`, { overwrites: hideFromMember }, w.ownerId);
    expect(await client.drainTypes()).toEqual(["CHANNEL_UPDATE"]);
    await h.advance(300);
    expect(await client.drainTypes()).toEqual([]);
  });

  it("sends GUILD_EMOJIS_UPDATE with the whole list, with guild_expressions only", async () => {
    const w = await world();
    const { client } = await h.connect(w.app.token, ["guild_expressions"]);
    const without = await h.app("NoExpressions");
    await h.install(w.guild.id, without.id, w.ownerId, { intents: ["guilds"] });
    const other = await h.connect(without.token, ["guild_expressions", "guilds"]);
    const party = await h.dev<{ id: string }>(
      "POST",
      `/guilds/${w.guild.id}/emojis`,
      { name: "party" },
      w.ownerId,
    );
    await h.dev("POST", `/guilds/${w.guild.id}/emojis`, { name: "cake" }, w.ownerId);
    await h.dev("DELETE", `/guilds/${w.guild.id}/emojis/${party.id}`, undefined, w.ownerId);
    const frames = await client.drain();
    expect(frames.map((f) => payloadOf<{ emojis: { name: string }[] }>(f).emojis.map((e) => e.name))).toEqual(
      [["party"], ["party", "cake"], ["cake"]],
    );
    expect(frames[0]).toMatchObject({ t: "GUILD_EMOJIS_UPDATE", d: { guild_id: w.guild.id } });
    expect(await other.client.drainTypes()).toEqual([]);
  });
});
