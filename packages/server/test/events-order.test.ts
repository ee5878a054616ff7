import type { Role } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServerChange } from "../src/kernel/changes/server-change.js";
import { type EventWorld, eventWorld, GatewayHarness } from "./gateway-harness.js";

let h: GatewayHarness;
let w: EventWorld;
beforeEach(async () => {
  h = await GatewayHarness.start();
  w = await eventWorld(h, { privileged: true, permissions: ["view_channels", "view_audit_log"] });
});
afterEach(() => h.close());

const EVERY_INTENT = [
  "guilds",
  "guild_messages",
  "message_content",
  "guild_reactions",
  "guild_members",
  "guild_moderation",
  "guild_expressions",
];

describe("events and the change stream", () => {
  it("sends a change's events in the order of the server's log", async () => {
    const { client } = await h.connect(w.app.token, EVERY_INTENT);
    const changes: string[] = [];
    const stop = h.server.core.subscribe((change: ServerChange) => changes.push(change.type));
    const other = await h.app("Other");
    await h.install(w.guild.id, other.id, w.ownerId);
    stop();
    const events = (await client.drainTypes()).filter((t) => t !== "GUILD_UPDATE");
    // Every change of the install has its event here, in the same order.
    expect(changes.filter((t) => t !== "INSTALL_ADD")).toEqual(events);
    expect(events).toEqual([
      "GUILD_ROLE_CREATE",
      "GUILD_ROLE_UPDATE",
      "GUILD_MEMBER_ADD",
      "GUILD_AUDIT_LOG_ENTRY_CREATE",
      "GUILD_AUDIT_LOG_ENTRY_CREATE",
    ]);
  });

  it("sends nothing for a change that is rolled back", async () => {
    const mod = await h.dev<Role>(
      "POST",
      `/guilds/${w.guild.id}/roles`,
      { name: "mod", permissions: ["manage_roles"], position: 3 },
      w.ownerId,
    );
    const low = await h.dev<Role>(
      "POST",
      `/guilds/${w.guild.id}/roles`,
      { name: "low", permissions: [], position: 1 },
      w.ownerId,
    );
    await h.dev("PATCH", `/guilds/${w.guild.id}/members/${w.memberId}`, { roles: [mod.id] }, w.ownerId);
    const { client } = await h.connect(w.app.token, EVERY_INTENT);
    // The rename is written, then the move above the member's own role fails: all is undone.
    const refused = await h.devCall(
      "PATCH",
      `/guilds/${w.guild.id}/roles/${low.id}`,
      { name: "renamed", position: 99 },
      w.memberId,
    );
    expect(refused.status).toBe(403);
    expect(h.server.core.world.tables.roles.get(low.id)?.name).toBe("low");
    await h.advance(1_000);
    expect(await client.drainTypes()).toEqual([]);
    await h.dev("PATCH", `/guilds/${w.guild.id}/roles/${low.id}`, { name: "renamed" }, w.memberId);
    expect(await client.drainTypes()).toEqual([
      "GUILD_ROLE_UPDATE",
      "GUILD_UPDATE",
      "GUILD_AUDIT_LOG_ENTRY_CREATE",
    ]);
  });

  it("sends nothing when a transaction throws after writing, even through the core", async () => {
    const { client } = await h.connect(w.app.token, EVERY_INTENT);
    const core = h.server.core;
    const guild = core.world.tables.guilds.get(w.guild.id);
    if (!guild) throw new Error("no guild");
    expect(() =>
      core.transact((tx) => {
        tx.put("guilds", { ...guild, name: "never" });
        tx.emit({
          type: "GUILD_UPDATE",
          guildId: guild.id,
          guild: { ...guild, name: "never" },
          before: guild,
        });
        throw new Error("late failure");
      }),
    ).toThrow("late failure");
    expect(await client.drainTypes()).toEqual([]);
  });

  it("delivers each event once, to the newest connection only", async () => {
    const older = await h.connect(w.app.token, EVERY_INTENT);
    const newer = await h.connect(w.app.token, EVERY_INTENT);
    await older.client.closed;
    await h.dev("POST", `/channels/${w.guild.generalId}/messages`, { content: "once" }, w.memberId);
    expect(await newer.client.drainTypes()).toEqual(["MESSAGE_CREATE"]);
    expect(older.client.frames.filter((f) => f.t === "MESSAGE_CREATE")).toEqual([]);
  });
});
