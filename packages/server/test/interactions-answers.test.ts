import type { Message } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type ErrorAnswer,
  type Harness,
  ok,
  personPosts,
  setupWorld,
  startHarness,
  type TestWorld,
} from "./harness.js";
import { BotSocket, registerGlobal, use, viewInteraction } from "./interactions-support.js";

let h: Harness;
let w: TestWorld;
let bot: BotSocket;
let interactionId: string;

/** The app is installed WITHOUT messages.send: answers need only the commands scope. */
beforeEach(async () => {
  h = await startHarness();
  w = await setupWorld(h, { scopes: ["commands", "messages.read", "message_content"] });
  await registerGlobal(h, w, [{ name: "ping", description: "Answers pong" }]);
  bot = await BotSocket.connect(h.server.gatewayUrl, w.token, ["guild_messages", "message_content"]);
  interactionId = ok(await use(h, w, { name: "ping" }), 201).id;
  await bot.interaction();
});
afterEach(async () => {
  bot.close();
  await h.close();
});

const callback = (body: object, id = interactionId) =>
  h.bot<ErrorAnswer>(w.token, "POST", `/v1/interactions/${id}/callback`, body);
const editOriginal = (body: object) =>
  h.bot<Message & ErrorAnswer & { flags?: number }>(
    w.token,
    "PATCH",
    `/v1/interactions/${interactionId}/messages/@original`,
    body,
  );
const followup = (body: object) =>
  h.bot<Message & ErrorAnswer & { flags?: number }>(
    w.token,
    "POST",
    `/v1/interactions/${interactionId}/followups`,
    body,
  );
const personList = async (as: string) =>
  ok(
    await h.dev<Array<Message & { flags?: number }>>(
      "GET",
      `/dev/v1/channels/${w.general.id}/messages`,
      undefined,
      { as },
    ),
  );

describe("answering with callback type 4", () => {
  it("answers 204 with no body and posts a bot message with the interaction field", async () => {
    const answer = await callback({ type: 4, data: { content: "pong" } });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    const events = await bot.drain();
    expect(events.map((e) => e.t)).toEqual(["MESSAGE_CREATE"]);
    const message = events[0]?.d as Message;
    expect(message).toMatchObject({
      content: "pong",
      author: { id: w.botUserId, bot: true },
      interaction: { id: interactionId, name: "ping", user_id: w.member.id },
    });
    const view = await viewInteraction(h, interactionId);
    expect(view).toMatchObject({ state: "answered", notice: null });
    expect(view.messages.map((m) => m.id)).toEqual([message.id]);
    const history = ok(await h.bot<Message[]>(w.token, "GET", `/v1/channels/${w.general.id}/messages`));
    expect(history.map((m) => m.id)).toEqual([message.id]);
  });

  it("with flags 64 answers only the person: never in history or MESSAGE_CREATE", async () => {
    expect((await callback({ type: 4, data: { content: "just for you", flags: 64 } })).status).toBe(204);
    expect(await bot.drain()).toEqual([]);
    expect(ok(await h.bot<Message[]>(w.token, "GET", `/v1/channels/${w.general.id}/messages`))).toEqual([]);
    expect(await personList(w.owner.id)).toEqual([]);
    const mine = await personList(w.member.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      content: "just for you",
      flags: 64,
      interaction: { id: interactionId, name: "ping", user_id: w.member.id },
    });
    const view = await viewInteraction(h, interactionId);
    expect(view.messages).toEqual([expect.objectContaining({ content: "just for you", flags: 64 })]);
    const edited = ok(await editOriginal({ content: "still just for you" }));
    expect(edited).toMatchObject({ content: "still just for you", flags: 64, edited_at: h.clock.now() });
    expect(await bot.drain()).toEqual([]);
  });

  it("merges ephemeral answers into the person's pages in id order", async () => {
    await personPosts(h, w.general.id, { content: "before" }, w.owner.id);
    await callback({ type: 4, data: { content: "secret", flags: 64 } });
    await personPosts(h, w.general.id, { content: "after" }, w.owner.id);
    expect((await personList(w.member.id)).map((m) => m.content)).toEqual(["after", "secret", "before"]);
    const page = ok(
      await h.dev<Message[]>("GET", `/dev/v1/channels/${w.general.id}/messages?limit=2`, undefined, {
        as: w.member.id,
      }),
    );
    expect(page.map((m) => m.content)).toEqual(["after", "secret"]);
  });

  it("refuses every later callback with 400 interaction_already_handled", async () => {
    ok(await callback({ type: 4, data: { content: "pong" } }), 204);
    for (const body of [{ type: 4, data: { content: "again" } }, { type: 5 }]) {
      const again = await callback(body);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe("interaction_already_handled");
    }
    expect((await viewInteraction(h, interactionId)).messages).toHaveLength(1);
  });

  it("is not delayed by slowmode", async () => {
    ok(
      await h.dev("PATCH", `/dev/v1/channels/${w.general.id}`, { slowmode_seconds: 600 }, { as: w.owner.id }),
    );
    ok(await callback({ type: 4, data: { content: "first" } }), 204);
    ok(await followup({ content: "second" }));
    ok(await followup({ content: "third" }));
    expect((await viewInteraction(h, interactionId)).messages.map((m) => m.content)).toEqual([
      "first",
      "second",
      "third",
    ]);
  });

  it("answers as the bot, under its own permissions", async () => {
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.botRoleId, type: "role", allow: [], deny: ["embed_links"] }] },
        { as: w.owner.id },
      ),
    );
    const refused = await callback({ type: 4, data: { embeds: [{ title: "card" }] } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "missing_permission", permission: "embed_links" });
    expect((await callback({ type: 4, data: { content: `@everyone <@${w.owner.id}>` } })).status).toBe(204);
    const [message] = await personList(w.owner.id);
    expect(message?.mentions).toEqual({
      users: [expect.objectContaining({ id: w.owner.id })],
      roles: [],
      everyone: false,
    });
  });

  it("refuses an empty answer naming data.content", async () => {
    const empty = await callback({ type: 4, data: { content: "" } });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(["data.content"]);
    expect((await viewInteraction(h, interactionId)).state).toBe("delivered");
  });
});

describe("the 3-second window", () => {
  it("makes the interaction unanswered when no callback comes, and the person is told", async () => {
    h.clock.advance(2_999);
    expect((await viewInteraction(h, interactionId)).state).toBe("delivered");
    h.clock.advance(1);
    expect(await viewInteraction(h, interactionId)).toEqual({
      id: interactionId,
      state: "unanswered",
      messages: [],
      notice: "app_did_not_respond",
    });
    const late = await callback({ type: 4, data: { content: "late" } });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe("interaction_already_handled");
    const followupLate = await followup({ content: "late" });
    expect(followupLate.status).toBe(400);
    expect(followupLate.body.code).toBe("interaction_not_answered");
  });

  it("accepts a callback just inside it", async () => {
    h.clock.advance(2_999);
    expect((await callback({ type: 5 })).status).toBe(204);
    h.clock.advance(10_000);
    expect((await viewInteraction(h, interactionId)).state).toBe("thinking");
  });
});

describe("thinking, the original message and followups", () => {
  it("thinks with type 5, then PATCH @original posts the answer, and edits it after", async () => {
    expect((await callback({ type: 5 })).status).toBe(204);
    expect(await viewInteraction(h, interactionId)).toMatchObject({ state: "thinking", messages: [] });
    expect(await bot.drain()).toEqual([]);
    h.clock.advance(20_000);
    const posted = ok(await editOriginal({ content: "done thinking" }));
    expect(posted).toMatchObject({
      content: "done thinking",
      edited_at: null,
      interaction: { id: interactionId },
    });
    expect((await bot.drain()).map((e) => e.t)).toEqual(["MESSAGE_CREATE"]);
    const edited = ok(await editOriginal({ content: "changed my mind", embeds: [{ title: "Result" }] }));
    expect(edited).toMatchObject({ id: posted.id, content: "changed my mind", edited_at: h.clock.now() });
    const events = await bot.drain();
    expect(events.map((e) => e.t)).toEqual(["MESSAGE_UPDATE"]);
    expect((events[0]?.d as Message | undefined)?.embeds).toEqual([{ title: "Result" }]);
    expect((await viewInteraction(h, interactionId)).state).toBe("answered");
  });

  it("keeps the ephemeral flag of a thinking callback for the answer", async () => {
    ok(await callback({ type: 5, data: { flags: 64 } }), 204);
    const posted = ok(await editOriginal({ content: "quietly" }));
    expect(posted.flags).toBe(64);
    expect(await bot.drain()).toEqual([]);
    expect((await personList(w.member.id)).map((m) => m.content)).toEqual(["quietly"]);
  });

  it("takes the first followup after thinking as the answer", async () => {
    ok(await callback({ type: 5 }), 204);
    const first = ok(await followup({ content: "answer" }));
    expect((await viewInteraction(h, interactionId)).state).toBe("answered");
    const edited = ok(await editOriginal({ content: "answer, edited" }));
    expect(edited.id).toBe(first.id);
  });

  it("sends followups with 200 and the message, ephemeral with flags 64, for 15 minutes", async () => {
    ok(await callback({ type: 4, data: { content: "pong" } }), 204);
    const visible = ok(await followup({ content: "more" }));
    expect(visible).toMatchObject({ content: "more", interaction: { id: interactionId, name: "ping" } });
    expect(visible.flags).toBeUndefined();
    const hidden = ok(await followup({ content: "psst", flags: 64 }));
    expect(hidden.flags).toBe(64);
    expect((await bot.drain()).map((e) => (e.d as Message).content)).toEqual(["pong", "more"]);
    h.clock.advance(15 * 60_000 - 1);
    ok(await followup({ content: "last call" }));
    ok(await editOriginal({ content: "pong!" }));
    h.clock.advance(1);
    const expired = await followup({ content: "too late" });
    expect(expired.status).toBe(404);
    expect(expired.body.code).toBe("unknown_interaction");
    expect((await editOriginal({ content: "too late" })).status).toBe(404);
    expect((await viewInteraction(h, interactionId)).messages.map((m) => m.content)).toEqual([
      "pong!",
      "more",
      "psst",
      "last call",
    ]);
  });

  it("refuses edits and followups before any callback", async () => {
    for (const answer of [await editOriginal({ content: "x" }), await followup({ content: "x" })]) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("interaction_not_answered");
    }
  });
});

describe("each call is re-checked", () => {
  it("answers 404 once the app was removed from the server", async () => {
    ok(await callback({ type: 5 }), 204);
    expect(
      (
        await h.dev("DELETE", `/dev/v1/guilds/${w.guildId}/installs/${w.appId}`, undefined, {
          as: w.owner.id,
        })
      ).status,
    ).toBe(204);
    const gone = await editOriginal({ content: "x" });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("unknown_interaction");
  });

  it("answers 404 once the bot lost sight of the channel, and again when it sees it", async () => {
    const channel = `/dev/v1/channels/${w.general.id}`;
    ok(
      await h.dev(
        "PATCH",
        channel,
        { overwrites: [{ id: w.botUserId, type: "member", allow: [], deny: ["view_channels"] }] },
        {
          as: w.owner.id,
        },
      ),
    );
    expect((await callback({ type: 4, data: { content: "x" } })).status).toBe(404);
    ok(await h.dev("PATCH", channel, { overwrites: [] }, { as: w.owner.id }));
    expect((await callback({ type: 4, data: { content: "x" } })).status).toBe(204);
  });

  it("answers 404 to another app and to unknown ids", async () => {
    const other = ok(await h.dev<{ token: string }>("POST", "/dev/v1/apps", { name: "Other" }), 201);
    const foreign = await h.bot<ErrorAnswer>(
      other.token,
      "POST",
      `/v1/interactions/${interactionId}/callback`,
      {
        type: 5,
      },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("unknown_interaction");
    expect((await callback({ type: 5 }, "123")).status).toBe(404);
    expect((await h.dev<ErrorAnswer>("GET", "/dev/v1/interactions/123")).body.code).toBe(
      "unknown_interaction",
    );
  });
});
