import type { Channel, Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

async function world(options: Parameters<typeof setupWorld>[1] = {}): Promise<TestWorld> {
  h = await startHarness();
  return setupWorld(h, options);
}

const path = (w: TestWorld, suffix = "") => `/v1/channels/${w.general.id}/messages${suffix}`;

async function personPost(w: TestWorld, content: string, as = w.member.id): Promise<Message> {
  return ok(
    await h.dev<Message>("POST", `/dev/v1/channels/${w.general.id}/messages`, { content }, { as }),
    201,
  );
}

describe("channels", () => {
  it("answers a visible channel, and an invisible one like a missing one", async () => {
    const w = await world();
    const channel = ok(await h.bot<Channel>(w.token, "GET", `/v1/channels/${w.general.id}`));
    expect(channel).toMatchObject({
      id: w.general.id,
      guild_id: w.guildId,
      name: "general",
      kind: "text",
      topic: null,
    });
    expect(channel.permissions).toContain("view_channels");
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.botRoleId, type: "role", deny: ["view_channels"] }] },
        { as: w.owner.id },
      ),
    );
    const hidden = await h.bot<ErrorAnswer>(w.token, "GET", `/v1/channels/${w.general.id}`);
    const missing = await h.bot<ErrorAnswer>(w.token, "GET", "/v1/channels/42");
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    for (const [method, suffix] of [
      ["GET", ""],
      ["POST", ""],
      ["GET", "/1"],
      ["DELETE", "/1"],
    ] as const) {
      const result = await h.bot<ErrorAnswer>(
        w.token,
        method,
        path(w, suffix),
        method === "POST" ? { content: "x" } : undefined,
      );
      expect(result.body.code).toBe("unknown_channel");
    }
  });
});

describe("reading messages", () => {
  it("needs messages.read", async () => {
    const w = await world({ scopes: ["messages.send"] });
    const list = await h.bot<ErrorAnswer>(w.token, "GET", path(w));
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: "missing_scope", scope: "messages.read" });
    const posted = await personPost(w, "hello");
    expect((await h.bot<ErrorAnswer>(w.token, "GET", path(w, `/${posted.id}`))).body.scope).toBe(
      "messages.read",
    );
  });

  it("lists newest first with limit, before and after", async () => {
    const w = await world();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await personPost(w, `m${i}`)).id);
    const newest = ok(await h.bot<Message[]>(w.token, "GET", path(w, "?limit=2")));
    expect(newest.map((m) => m.content)).toEqual(["m5", "m4"]);
    const before = ok(await h.bot<Message[]>(w.token, "GET", path(w, `?before=${ids[3]}&limit=10`)));
    expect(before.map((m) => m.content)).toEqual(["m2", "m1", "m0"]);
    const after = ok(await h.bot<Message[]>(w.token, "GET", path(w, `?after=${ids[1]}&limit=2`)));
    expect(after.map((m) => m.content)).toEqual(["m3", "m2"]);
    expect((await h.bot(w.token, "GET", path(w))).headers.get("x-history-hidden")).toBeNull();
    for (const bad of ["limit=0", "limit=101", "before=abc"]) {
      expect((await h.bot<ErrorAnswer>(w.token, "GET", path(w, `?${bad}`))).status).toBe(400);
    }
  });

  it("follows the history rule without Read message history, with X-History-Hidden: 1", async () => {
    const w = await world();
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.botRoleId, type: "role", deny: ["read_message_history"] }] },
        { as: w.owner.id },
      ),
    );
    const before = await personPost(w, "before connecting");
    h.clock.advance(1_000);
    h.server.core.presence.connected(w.appId);
    const during = await personPost(w, "while connected");
    h.clock.advance(1_000);
    h.server.core.presence.disconnected(w.appId);
    h.clock.advance(1_000);
    const after = await personPost(w, "after disconnecting");
    const own = ok(await h.bot<Message>(w.token, "POST", path(w), { content: "my own" }), 201);

    const list = await h.bot<Message[]>(w.token, "GET", path(w));
    expect(list.headers.get("x-history-hidden")).toBe("1");
    expect(list.body.map((m) => m.id)).toEqual([own.id, during.id]);
    expect((await h.bot(w.token, "GET", path(w, `/${during.id}`))).status).toBe(200);
    for (const hidden of [before, after]) {
      const result = await h.bot<ErrorAnswer>(w.token, "GET", path(w, `/${hidden.id}`));
      expect(result.status).toBe(404);
      expect(result.body.code).toBe("unknown_message");
    }
  });

  it("withholds text without message_content unless the bot is mentioned or wrote it", async () => {
    const w = await world({ scopes: ["messages.read", "messages.send"] });
    const plain = await personPost(w, "secret plans");
    const mention = await personPost(w, `hey <@${w.botUserId}>`);
    const own = ok(await h.bot<Message>(w.token, "POST", path(w), { content: "bot text" }), 201);
    expect(own.content_available).toBe(true);
    const list = ok(await h.bot<Message[]>(w.token, "GET", path(w)));
    const byId = new Map(list.map((m) => [m.id, m]));
    expect(byId.get(plain.id)).toMatchObject({
      content: "",
      content_available: false,
      embeds: [],
      attachments: [],
      poll: null,
    });
    expect(byId.get(mention.id)).toMatchObject({ content: `hey <@${w.botUserId}>`, content_available: true });
    expect(byId.get(own.id)).toMatchObject({ content: "bot text", content_available: true });
    const one = ok(await h.bot<Message>(w.token, "GET", path(w, `/${plain.id}`)));
    expect(one.content_available).toBe(false);
  });

  it("reads no messages in a voice channel", async () => {
    const w = await world();
    const voice = ok(
      await h.dev<Channel>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/channels`,
        { name: "talk", kind: "voice" },
        { as: w.owner.id },
      ),
      201,
    );
    expect(ok(await h.bot<Message[]>(w.token, "GET", `/v1/channels/${voice.id}/messages`))).toEqual([]);
    const post = await h.bot<ErrorAnswer>(w.token, "POST", `/v1/channels/${voice.id}/messages`, {
      content: "hi",
    });
    expect(post.status).toBe(400);
    expect(post.body.errors?.channel_id).toEqual(["voice channels hold no messages"]);
  });
});

describe("creating messages", () => {
  it("answers 201 with the message", async () => {
    const w = await world();
    const result = await h.bot<Message>(w.token, "POST", path(w), { content: "hello", embeds: [] });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      channel_id: w.general.id,
      guild_id: w.guildId,
      author: { id: w.botUserId, bot: true },
      content: "hello",
      content_available: true,
      reactions: [],
      reply_to: null,
      interaction: null,
      pinned: false,
      created_at: h.clock.now(),
      edited_at: null,
    });
  });

  it("needs messages.send and Send messages", async () => {
    const noScope = await world({ scopes: ["messages.read"] });
    const scope = await h.bot<ErrorAnswer>(noScope.token, "POST", path(noScope), { content: "x" });
    expect(scope.status).toBe(403);
    expect(scope.body).toMatchObject({ code: "missing_scope", scope: "messages.send" });
    await h.close();
    const w = await world();
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.botRoleId, type: "role", deny: ["send_messages"] }] },
        { as: w.owner.id },
      ),
    );
    const perm = await h.bot<ErrorAnswer>(w.token, "POST", path(w), { content: "x" });
    expect(perm.status).toBe(403);
    expect(perm.body).toMatchObject({ code: "missing_permission", permission: "send_messages" });
  });

  it("needs Embed links for embeds, and checks every embed limit", async () => {
    const w = await world();
    const embed = {
      title: "T",
      description: "D",
      color: "#ff0000",
      fields: [{ name: "a", value: "b", inline: true }],
      footer: { text: "f" },
    };
    const posted = ok(await h.bot<Message>(w.token, "POST", path(w), { embeds: [embed] }), 201);
    expect(posted.embeds[0]).toEqual({ ...embed, color: 0xff0000 });
    const tooMany = await h.bot<ErrorAnswer>(w.token, "POST", path(w), {
      embeds: Array.from({ length: 11 }, () => ({ title: "x" })),
    });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.errors ?? {})[0]).toMatch(/^embeds/);
    const longTitle = await h.bot<ErrorAnswer>(w.token, "POST", path(w), {
      embeds: [{ title: "x".repeat(257) }],
    });
    expect(longTitle.body.errors?.["embeds.0.title"]).toBeDefined();
    // A list where an object belongs is refused at any depth, not taken as an empty object.
    const lists = await h.bot<ErrorAnswer>(w.token, "POST", path(w), {
      content: "x",
      embeds: [{ title: "t", fields: [[]] }],
      allowed_mentions: [],
    });
    expect(lists.status).toBe(400);
    expect(lists.body.errors).toEqual({
      "embeds.0.fields.0": ["expected an object"],
      allowed_mentions: ["expected an object"],
    });
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.everyoneRoleId, type: "role", deny: ["embed_links"] }] },
        { as: w.owner.id },
      ),
    );
    const denied = await h.bot<ErrorAnswer>(w.token, "POST", path(w), { embeds: [embed] });
    expect(denied.body).toMatchObject({ code: "missing_permission", permission: "embed_links" });
  });

  it.each([
    { name: "an empty message", body: {}, field: "content" },
    { name: "content over 2000", body: { content: "x".repeat(2001) }, field: "content" },
    { name: "a bad nonce", body: { content: "x", nonce: "short" }, field: "nonce" },
    { name: "content of the wrong type", body: { content: 5 }, field: "content" },
  ])("refuses $name with invalid_body at $field", async ({ body, field }) => {
    const w = await world();
    const result = await h.bot<ErrorAnswer>(w.token, "POST", path(w), body);
    expect(result.status).toBe(400);
    expect(result.body.code).toBe("invalid_body");
    expect(result.body.errors?.[field]?.length).toBeGreaterThan(0);
  });

  it("replies to a message of the channel only", async () => {
    const w = await world();
    const target = await personPost(w, "question");
    const reply = ok(
      await h.bot<Message>(w.token, "POST", path(w), { content: "answer", reply_to: target.id }),
      201,
    );
    expect(reply.reply_to).toBe(target.id);
    const bad = await h.bot<ErrorAnswer>(w.token, "POST", path(w), { content: "x", reply_to: "12345" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.reply_to).toEqual(["no such message in this channel"]);
  });

  it("keeps nonces idempotent: same message returns the first, a different one is 409 nonce_conflict", async () => {
    const w = await world();
    const nonce = "retry-0123456789-abc";
    const first = await h.bot<Message>(w.token, "POST", path(w), { content: "once", nonce });
    expect(first.status).toBe(201);
    const again = await h.bot<Message>(w.token, "POST", path(w), { content: "once", nonce });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const conflict = await h.bot<ErrorAnswer>(w.token, "POST", path(w), { content: "twice", nonce });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("nonce_conflict");
    expect(ok(await h.bot<Message[]>(w.token, "GET", path(w)))).toHaveLength(1);
  });
});

describe("editing and deleting", () => {
  it("edits only the bot's own messages", async () => {
    const w = await world({ permissions: ["manage_messages"] });
    const own = ok(await h.bot<Message>(w.token, "POST", path(w), { content: "draft" }), 201);
    h.clock.advance(500);
    const edited = ok(await h.bot<Message>(w.token, "PATCH", path(w, `/${own.id}`), { content: "final" }));
    expect(edited).toMatchObject({ id: own.id, content: "final", edited_at: h.clock.now() });
    const empty = await h.bot<ErrorAnswer>(w.token, "PATCH", path(w, `/${own.id}`), { content: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.content).toBeDefined();
    const theirs = await personPost(w, "mine");
    const refused = await h.bot<ErrorAnswer>(w.token, "PATCH", path(w, `/${theirs.id}`), {
      content: "hijack",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("not_author");
  });

  it("deletes only the bot's own messages, even with Manage messages", async () => {
    const w = await world({ permissions: ["manage_messages"] });
    const own = ok(await h.bot<Message>(w.token, "POST", path(w), { content: "bye" }), 201);
    expect((await h.bot(w.token, "DELETE", path(w, `/${own.id}`))).status).toBe(204);
    expect((await h.bot<ErrorAnswer>(w.token, "GET", path(w, `/${own.id}`))).body.code).toBe(
      "unknown_message",
    );
    const theirs = await personPost(w, "keep");
    const refused = await h.bot<ErrorAnswer>(w.token, "DELETE", path(w, `/${theirs.id}`));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("not_author");
    expect((await h.bot<ErrorAnswer>(w.token, "DELETE", path(w, "/999"))).body.code).toBe("unknown_message");
  });
});
