import type { Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerChange } from "../src/kernel/changes/server-change.js";
import { type Harness, ok, setupWorld, startHarness } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

describe("the change stream", () => {
  it("delivers committed changes in order, with a rising seq per server and the clock time", async () => {
    h = await startHarness();
    const w = await setupWorld(h);
    const other = ok(
      await h.dev<{ id: string }>("POST", "/dev/v1/guilds", { name: "Other", owner_id: w.owner.id }),
      201,
    );
    const changes: ServerChange[] = [];
    const unsubscribe = h.server.core.subscribe((c) => changes.push(c));
    h.clock.advance(10);
    const message = ok(
      await h.bot<Message>(w.token, "POST", `/v1/channels/${w.general.id}/messages`, { content: "one" }),
      201,
    );
    ok(await h.dev("PATCH", `/dev/v1/guilds/${other.id}`, { name: "Renamed" }, { as: w.owner.id }));
    h.clock.advance(5);
    ok(
      await h.bot(w.token, "PATCH", `/v1/channels/${w.general.id}/messages/${message.id}`, {
        content: "two",
      }),
    );

    expect(changes.map((c) => [c.guildId === w.guildId ? "main" : "other", c.type])).toEqual([
      ["main", "MESSAGE_CREATE"],
      ["other", "GUILD_UPDATE"],
      ["other", "GUILD_AUDIT_LOG_ENTRY_CREATE"],
      ["main", "MESSAGE_UPDATE"],
    ]);
    const main = changes.filter((c) => c.guildId === w.guildId);
    expect(main[1]!.seq).toBe(main[0]!.seq + 1);
    const others = changes.filter((c) => c.guildId === other.id);
    expect(others.map((c) => c.seq)).toEqual([1, 2]);
    expect(changes[0]!.at).toBe(1_750_000_000_010);
    expect(changes[3]!.at).toBe(1_750_000_000_015);
    const update = changes[3]!;
    if (update.type !== "MESSAGE_UPDATE") throw new Error("expected MESSAGE_UPDATE");
    expect(update.before.content).toBe("one");
    expect(update.message.content).toBe("two");
    expect(update.message.author_id).toBe(w.botUserId);

    unsubscribe();
    ok(await h.bot(w.token, "POST", `/v1/channels/${w.general.id}/messages`, { content: "unseen" }), 201);
    expect(changes).toHaveLength(4);
  });

  it("sends nothing for a refused change", async () => {
    h = await startHarness();
    const w = await setupWorld(h, { scopes: ["messages.read"] });
    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    expect(
      (await h.bot(w.token, "POST", `/v1/channels/${w.general.id}/messages`, { content: "x" })).status,
    ).toBe(403);
    expect(
      (
        await h.dev(
          "POST",
          `/dev/v1/guilds/${w.guildId}/roles`,
          { name: "x", permissions: [] },
          { as: w.member.id },
        )
      ).status,
    ).toBe(403);
    expect(changes).toEqual([]);
  });

  it("reports installs, the bot member and the managed role", async () => {
    h = await startHarness();
    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    const w = await setupWorld(h);
    const types = changes.filter((c) => c.guildId === w.guildId).map((c) => c.type);
    expect(types).toEqual([
      "GUILD_MEMBER_ADD",
      "GUILD_ROLE_CREATE",
      "GUILD_MEMBER_ADD",
      "INSTALL_ADD",
      "GUILD_AUDIT_LOG_ENTRY_CREATE",
      "GUILD_AUDIT_LOG_ENTRY_CREATE",
    ]);
    const install = changes.find((c) => c.type === "INSTALL_ADD");
    expect(install).toMatchObject({ install: { application_id: w.appId, role_id: w.botRoleId } });
  });
});
