import { afterEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";
import { BotSocket } from "./interactions-support.js";
import { channelMessages, hook, type MadeWebhook, makeWebhook } from "./webhooks-support.js";

let h: Harness;
let w: TestWorld;
let made: MadeWebhook;
afterEach(() => h.close());

async function start(): Promise<void> {
  h = await startHarness();
  w = await setupWorld(h);
  made = await makeWebhook(h, w);
}

describe("webhook posts on the gateway", () => {
  it("reach bots as MESSAGE_CREATE with the webhook author", async () => {
    await start();
    const bot = await BotSocket.connect(h.server.gatewayUrl, w.token, ["guild_messages", "message_content"]);
    try {
      expect((await hook(made.url, { content: "shipped", username: "Release" })).status).toBe(204);
      const events = await bot.drain();
      expect(events.map((e) => e.t)).toEqual(["MESSAGE_CREATE"]);
      expect(events[0]?.d).toMatchObject({
        content: "shipped",
        author: { id: made.webhook.id, username: "Release", bot: true },
        webhook_id: made.webhook.id,
      });
    } finally {
      bot.close();
    }
  });
});

describe("webhook mentions", () => {
  async function mentionsOf(body: object) {
    ok(await hook(made.url, body, { query: "?wait=true" }));
    const [message] = await channelMessages(h, w);
    return {
      users: message?.mentions.users.map((u) => u.id) ?? [],
      roles: message?.mentions.roles ?? [],
      everyone: message?.mentions.everyone ?? false,
    };
  }

  it("parse <@id>, @username, <@&id> and @everyone as far as the maker may mention", async () => {
    await start();
    const role = ok(
      await h.dev<{ id: string }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/roles`,
        { name: "ops", permissions: [] },
        {
          as: w.owner.id,
        },
      ),
      201,
    );
    const content = `<@${w.owner.id}> @member <@&${role.id}> @everyone, and @nobody`;
    expect(await mentionsOf({ content })).toEqual({
      users: [w.owner.id, w.member.id],
      roles: [role.id],
      everyone: true,
    });
    expect(await mentionsOf({ content, allowed_mentions: { parse: [] } })).toEqual({
      users: [],
      roles: [],
      everyone: false,
    });
    expect(await mentionsOf({ content, allowed_mentions: { parse: ["users"] } })).toEqual({
      users: [w.owner.id, w.member.id],
      roles: [],
      everyone: false,
    });
    expect(await mentionsOf({ content, allowed_mentions: { users: [w.member.id] } })).toEqual({
      users: [w.member.id],
      roles: [],
      everyone: false,
    });
  });

  it("reach no further than a maker without mention_everyone", async () => {
    await start();
    const modRole = ok(
      await h.dev<{ id: string }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/roles`,
        { name: "hooks", permissions: ["manage_webhooks"] },
        { as: w.owner.id },
      ),
      201,
    );
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`,
        { roles: [modRole.id] },
        {
          as: w.owner.id,
        },
      ),
    );
    const secret = ok(
      await h.dev<{ id: string }>(
        "POST",
        `/dev/v1/guilds/${w.guildId}/roles`,
        { name: "quiet", permissions: [] },
        {
          as: w.owner.id,
        },
      ),
      201,
    );
    made = await makeWebhook(h, w, "Member's hook", w.member.id);
    expect(await mentionsOf({ content: `@everyone <@&${secret.id}> @owner` })).toEqual({
      users: [w.owner.id],
      roles: [],
      everyone: false,
    });
  });
});

describe("webhook posts", () => {
  it("are edited by nobody, and deleted only with manage_messages", async () => {
    await start();
    ok(await hook(made.url, { content: "keep me" }, { query: "?wait=true" }));
    const [message] = await channelMessages(h, w);
    const path = `/dev/v1/channels/${w.general.id}/messages/${message?.id}`;
    for (const as of [w.owner.id, w.member.id]) {
      const edit = await h.dev<ErrorAnswer>("PATCH", path, { content: "changed" }, { as });
      expect(edit.status).toBe(403);
      expect(edit.body.code).toBe("not_author");
    }
    const botEdit = await h.bot<ErrorAnswer>(
      w.token,
      "PATCH",
      `/v1/channels/${w.general.id}/messages/${message?.id}`,
      {
        content: "changed",
      },
    );
    expect(botEdit.body.code).toBe("not_author");
    const memberDelete = await h.dev<ErrorAnswer>("DELETE", path, undefined, { as: w.member.id });
    expect(memberDelete.status).toBe(403);
    expect(memberDelete.body).toMatchObject({ code: "missing_permission", permission: "manage_messages" });
    expect((await h.dev("DELETE", path, undefined, { as: w.owner.id })).status).toBe(204);
    expect(await channelMessages(h, w)).toEqual([]);
  });
});
