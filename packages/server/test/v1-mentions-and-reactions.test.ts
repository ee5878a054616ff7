import type { Message, Role } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ErrorAnswer,
  type Harness,
  ok,
  personPosts,
  setupWorld,
  startHarness,
  type TestWorld,
} from "./harness.js";

let h: Harness;
afterEach(() => h.close());

async function world(options: Parameters<typeof setupWorld>[1] = {}): Promise<TestWorld> {
  h = await startHarness();
  return setupWorld(h, options);
}

const messages = (w: TestWorld) => `/v1/channels/${w.general.id}/messages`;

async function role(w: TestWorld, name: string, mentionable: boolean): Promise<Role> {
  return ok(
    await h.dev<Role>(
      "POST",
      `/dev/v1/guilds/${w.guildId}/roles`,
      { name, permissions: [], mentionable },
      { as: w.owner.id },
    ),
    201,
  );
}

describe("mentions", () => {
  it("parses users and mentionable roles; @everyone and other roles need Mention everyone", async () => {
    const w = await world();
    const open = await role(w, "open", true);
    const closed = await role(w, "closed", false);
    const content = `<@${w.member.id}> <@!${w.owner.id}> <@123> <@&${open.id}> <@&${closed.id}> @everyone @here`;
    const plain = ok(await h.bot<Message>(w.token, "POST", messages(w), { content }), 201);
    expect(plain.mentions.users.map((u) => u.id)).toEqual([w.member.id, w.owner.id]);
    expect(plain.mentions.roles).toEqual([open.id]);
    expect(plain.mentions.everyone).toBe(false);

    const managed = await h.dev<ErrorAnswer>(
      "PATCH",
      `/dev/v1/guilds/${w.guildId}/roles/${w.botRoleId}`,
      { permissions: ["mention_everyone"] },
      { as: w.owner.id },
    );
    expect(managed.status).toBe(403);
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.botRoleId, type: "role", allow: ["mention_everyone"] }] },
        { as: w.owner.id },
      ),
    );
    const strong = ok(await h.bot<Message>(w.token, "POST", messages(w), { content }), 201);
    expect(strong.mentions.roles).toEqual([open.id, closed.id]);
    expect(strong.mentions.everyone).toBe(true);
  });

  it("applies the same checks to people", async () => {
    const w = await world();
    const closed = await role(w, "closed", false);
    const post = (as: string) =>
      h.dev<Message>(
        "POST",
        `/dev/v1/channels/${w.general.id}/messages`,
        { content: `@everyone <@&${closed.id}>` },
        { as },
      );
    const member = ok(await post(w.member.id), 201);
    expect(member.mentions).toEqual({ users: [], roles: [], everyone: false });
    const owner = ok(await post(w.owner.id), 201);
    expect(owner.mentions).toEqual({ users: [], roles: [closed.id], everyone: true });
  });

  it("keeps only what allowed_mentions allows", async () => {
    const w = await world({ permissions: ["mention_everyone"] });
    const open = await role(w, "open", true);
    const content = `<@${w.member.id}> <@${w.owner.id}> <@&${open.id}> @everyone`;
    const none = ok(
      await h.bot<Message>(w.token, "POST", messages(w), { content, allowed_mentions: { parse: [] } }),
      201,
    );
    expect(none.mentions).toEqual({ users: [], roles: [], everyone: false });
    const some = ok(
      await h.bot<Message>(w.token, "POST", messages(w), {
        content,
        allowed_mentions: { parse: ["everyone"], users: [w.owner.id] },
      }),
      201,
    );
    expect(some.mentions.users.map((u) => u.id)).toEqual([w.owner.id]);
    expect(some.mentions.roles).toEqual([]);
    expect(some.mentions.everyone).toBe(true);
    const all = ok(
      await h.bot<Message>(w.token, "POST", messages(w), {
        content,
        allowed_mentions: { parse: ["users", "roles"] },
      }),
      201,
    );
    expect(all.mentions.users).toHaveLength(2);
    expect(all.mentions.roles).toEqual([open.id]);
    expect(all.mentions.everyone).toBe(false);
    const clash = await h.bot<ErrorAnswer>(w.token, "POST", messages(w), {
      content,
      allowed_mentions: { parse: ["users"], users: [w.owner.id] },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.errors?.["allowed_mentions.users"]).toBeDefined();
    const tooMany = await h.bot<ErrorAnswer>(w.token, "POST", messages(w), {
      content,
      allowed_mentions: { users: Array.from({ length: 101 }, (_, i) => String(i + 1)) },
    });
    expect(tooMany.status).toBe(400);
  });
});

describe("reactions", () => {
  const reaction = (w: TestWorld, messageId: string, emoji: string) =>
    `/v1/channels/${w.general.id}/messages/${messageId}/reactions/${encodeURIComponent(emoji)}/@me`;

  const posted = (w: TestWorld) => personPosts(h, w.general.id, { content: "react" }, w.member.id);

  it("adds and removes the bot's own Unicode reaction, shown with me: true", async () => {
    const w = await world();
    const message = await posted(w);
    ok(
      await h.dev(
        "PUT",
        `/dev/v1/channels/${w.general.id}/messages/${message.id}/reactions/${encodeURIComponent("👍")}`,
        undefined,
        { as: w.member.id },
      ),
      204,
    );
    expect((await h.bot(w.token, "PUT", reaction(w, message.id, "👍"))).status).toBe(204);
    expect((await h.bot(w.token, "PUT", reaction(w, message.id, "👍"))).status).toBe(204);
    const read = ok(await h.bot<Message>(w.token, "GET", `${messages(w)}/${message.id}`));
    expect(read.reactions).toEqual([{ emoji: { id: null, name: "👍" }, count: 2, me: true }]);
    expect((await h.bot(w.token, "DELETE", reaction(w, message.id, "👍"))).status).toBe(204);
    const after = ok(await h.bot<Message>(w.token, "GET", `${messages(w)}/${message.id}`));
    expect(after.reactions).toEqual([{ emoji: { id: null, name: "👍" }, count: 1, me: false }]);
  });

  it("takes a custom emoji of the server as name:id", async () => {
    const w = await world();
    const emoji = ok(
      await h.dev<{ id: string }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/emojis`,
        { name: "party" },
        { as: w.owner.id },
      ),
      201,
    );
    const message = await posted(w);
    expect((await h.bot(w.token, "PUT", reaction(w, message.id, `party:${emoji.id}`))).status).toBe(204);
    const read = ok(await h.bot<Message>(w.token, "GET", `${messages(w)}/${message.id}`));
    expect(read.reactions).toEqual([{ emoji: { id: emoji.id, name: "party" }, count: 1, me: true }]);
  });

  it.each(["notanemoji", "x:123", "party:99999", "👍👍x"])("answers unknown_emoji for %s", async (emoji) => {
    const w = await world();
    const message = await posted(w);
    const result = await h.bot<ErrorAnswer>(w.token, "PUT", reaction(w, message.id, emoji));
    expect(result.status).toBe(404);
    expect(result.body.code).toBe("unknown_emoji");
  });

  it("needs the scope reactions and Add reactions", async () => {
    const noScope = await world({ scopes: ["messages.read"] });
    const message = await posted(noScope);
    const scope = await h.bot<ErrorAnswer>(noScope.token, "PUT", reaction(noScope, message.id, "🎉"));
    expect(scope.body).toMatchObject({ code: "missing_scope", scope: "reactions" });
    await h.close();
    const w = await world();
    const other = await posted(w);
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.everyoneRoleId, type: "role", deny: ["add_reactions"] }] },
        { as: w.owner.id },
      ),
    );
    const perm = await h.bot<ErrorAnswer>(w.token, "PUT", reaction(w, other.id, "🎉"));
    expect(perm.status).toBe(403);
    expect(perm.body).toMatchObject({ code: "missing_permission", permission: "add_reactions" });
    expect((await h.bot<ErrorAnswer>(w.token, "PUT", reaction(w, "77", "🎉"))).body.code).toBe(
      "unknown_message",
    );
  });
});
