import type { Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerChange } from "../src/kernel/changes/server-change.js";
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

async function world(): Promise<TestWorld> {
  h = await startHarness();
  return setupWorld(h);
}

const messages = (w: TestWorld) => `/dev/v1/channels/${w.general.id}/messages`;

const post = (w: TestWorld, body: object, as = w.member.id): Promise<Message> =>
  personPosts(h, w.general.id, body, as);

describe("people's messages", () => {
  it("posts text, embeds, attachments and polls, checked like a bot's", async () => {
    const w = await world();
    const message = await post(w, {
      content: "look",
      embeds: [{ title: "card" }],
      attachments: [{ filename: "a.png", size: 10, content_type: "image/png" }],
      poll: { question: { text: "lunch?" }, answers: [{ text: "yes" }, { text: "no" }], duration_hours: 1 },
    });
    expect(message.author.id).toBe(w.member.id);
    expect(message.embeds).toEqual([{ title: "card" }]);
    expect(message.attachments).toEqual([
      {
        id: expect.any(String),
        filename: "a.png",
        size: 10,
        content_type: "image/png",
        url: expect.stringContaining("a.png"),
      },
    ]);
    expect(message.poll).toEqual({
      question: { text: "lunch?" },
      answers: [
        { answer_id: 1, text: "yes", votes: 0 },
        { answer_id: 2, text: "no", votes: 0 },
      ],
      expires_at: h.clock.now() + 3_600_000,
      allow_multiselect: false,
    });
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.everyoneRoleId, type: "role", deny: ["attach_files"] }] },
        { as: w.owner.id },
      ),
    );
    const denied = await h.dev<ErrorAnswer>(
      "POST",
      messages(w),
      { attachments: [{ filename: "b", size: 1 }] },
      { as: w.member.id },
    );
    expect(denied.body.permission).toBe("attach_files");
    const unknownKey = await h.dev<ErrorAnswer>(
      "POST",
      messages(w),
      { content: "x", tts: true },
      { as: w.member.id },
    );
    expect(unknownKey.body.errors?.tts).toBeDefined();
  });

  it("edits own messages only; deletes others' with manage_messages, logged", async () => {
    const w = await world();
    const mine = await post(w, { content: "typo" });
    const edited = ok(
      await h.dev<Message>("PATCH", `${messages(w)}/${mine.id}`, { content: "fixed" }, { as: w.member.id }),
    );
    expect(edited.content).toBe("fixed");
    expect(
      (await h.dev<ErrorAnswer>("PATCH", `${messages(w)}/${mine.id}`, { content: "x" }, { as: w.owner.id }))
        .body.code,
    ).toBe("not_author");
    const ownerPost = await post(w, { content: "owner's" }, w.owner.id);
    const refused = await h.dev<ErrorAnswer>("DELETE", `${messages(w)}/${ownerPost.id}`, undefined, {
      as: w.member.id,
    });
    expect(refused.body.permission).toBe("manage_messages");
    expect((await h.dev("DELETE", `${messages(w)}/${mine.id}`, undefined, { as: w.owner.id })).status).toBe(
      204,
    );
    const log = ok(
      await h.dev<Array<{ action: string; target_id: string }>>(
        "GET",
        `/dev/v1/guilds/${w.guildId}/audit-log?limit=1`,
      ),
    );
    expect(log[0]).toMatchObject({ action: "message_delete", target_id: w.member.id });
  });

  it("bulk deletes with manage_messages in one change", async () => {
    const w = await world();
    const ids = [(await post(w, { content: "a" })).id, (await post(w, { content: "b" })).id];
    const keep = await post(w, { content: "c" });
    const changes: ServerChange[] = [];
    h.server.core.subscribe((c) => changes.push(c));
    expect((await h.dev("POST", `${messages(w)}/bulk-delete`, { ids }, { as: w.member.id })).status).toBe(
      403,
    );
    expect(
      (await h.dev("POST", `${messages(w)}/bulk-delete`, { ids: [...ids, "5"] }, { as: w.owner.id })).status,
    ).toBe(204);
    expect(changes.map((c) => c.type)).toEqual(["MESSAGE_DELETE_BULK", "GUILD_AUDIT_LOG_ENTRY_CREATE"]);
    const left = ok(await h.dev<Message[]>("GET", messages(w), undefined, { as: w.owner.id }));
    expect(left.map((m) => m.id)).toEqual([keep.id]);
    expect(
      (await h.dev<ErrorAnswer>("POST", `${messages(w)}/bulk-delete`, { ids: [] }, { as: w.owner.id }))
        .status,
    ).toBe(400);
  });

  it("pins and unpins with manage_messages", async () => {
    const w = await world();
    const message = await post(w, { content: "pin me" });
    const pin = `${messages(w)}/${message.id}/pin`;
    expect((await h.dev<ErrorAnswer>("PUT", pin, undefined, { as: w.member.id })).body.permission).toBe(
      "manage_messages",
    );
    expect((await h.dev("PUT", pin, undefined, { as: w.owner.id })).status).toBe(204);
    const pinned = ok(
      await h.bot<Message>(w.token, "GET", `/v1/channels/${w.general.id}/messages/${message.id}`),
    );
    expect(pinned.pinned).toBe(true);
    expect((await h.dev("DELETE", pin, undefined, { as: w.owner.id })).status).toBe(204);
    const actions = ok(
      await h.dev<Array<{ action: string }>>("GET", `/dev/v1/guilds/${w.guildId}/audit-log?limit=2`),
    ).map((e) => e.action);
    expect(actions).toEqual(["message_unpin", "message_pin"]);
  });

  it("lists messages for a person, with X-History-Hidden without Read message history", async () => {
    const w = await world();
    const first = await post(w, { content: "one" }, w.owner.id);
    const list = await h.dev<Message[]>("GET", messages(w), undefined, { as: w.member.id });
    expect(list.body.map((m) => m.id)).toEqual([first.id]);
    expect(list.headers.get("x-history-hidden")).toBeNull();
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.member.id, type: "member", deny: ["read_message_history"] }] },
        { as: w.owner.id },
      ),
    );
    const hidden = await h.dev<Message[]>("GET", messages(w), undefined, { as: w.member.id });
    expect(hidden.headers.get("x-history-hidden")).toBe("1");
    expect(hidden.body).toEqual([]);
  });

  it("reacts as a person; a timed-out person cannot", async () => {
    const w = await world();
    const message = await post(w, { content: "react" }, w.owner.id);
    const path = `${messages(w)}/${message.id}/reactions/${encodeURIComponent("🔥")}`;
    expect((await h.dev("PUT", path, undefined, { as: w.member.id })).status).toBe(204);
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`,
        { communication_disabled_until: h.clock.now() + 5_000 },
        { as: w.owner.id },
      ),
    );
    const other = `${messages(w)}/${message.id}/reactions/${encodeURIComponent("🎉")}`;
    expect((await h.dev<ErrorAnswer>("PUT", other, undefined, { as: w.member.id })).body.permission).toBe(
      "add_reactions",
    );
    expect((await h.dev("DELETE", path, undefined, { as: w.member.id })).status).toBe(204);
  });
});
