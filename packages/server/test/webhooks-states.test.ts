import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";
import { hook, type MadeWebhook, makeWebhook } from "./webhooks-support.js";

let h: Harness;
let w: TestWorld;
let made: MadeWebhook;
let hooksRole: string;

/** The member gets a role with manage_webhooks and makes the webhook, so it can leave or lose rights. */
beforeEach(async () => {
  h = await startHarness();
  w = await setupWorld(h);
  hooksRole = ok(
    await h.dev<{ id: string }>(
      "POST",
      `/dev/v1/guilds/${w.guildId}/roles`,
      { name: "hooks", permissions: ["manage_webhooks"] },
      { as: w.owner.id },
    ),
    201,
  ).id;
  ok(
    await h.dev(
      "PATCH",
      `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`,
      { roles: [hooksRole] },
      {
        as: w.owner.id,
      },
    ),
  );
  made = await makeWebhook(h, w, "Member's hook", w.member.id);
});
afterEach(() => h.close());

async function state() {
  return ok(
    await h.dev<{ state: string; paused_reason: string | null; maker_id: string }>(
      "GET",
      `/dev/v1/webhooks/${made.webhook.id}`,
    ),
  );
}

async function expectPaused(url: string, reason: string) {
  const answer = await hook<ErrorAnswer & { paused_reason: string }>(url, { content: "x" });
  expect(answer.status).toBe(403);
  expect(answer.body).toEqual({ code: "webhook_paused", message: expect.any(String), paused_reason: reason });
}

describe("webhook pause states", () => {
  it("pause with maker_left when the maker leaves, even after they come back, until a new URL", async () => {
    expect((await hook(made.url, { content: "ok" })).status).toBe(204);
    ok(
      await h.dev(
        "DELETE",
        `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`,
        { action: "leave" },
        { as: w.member.id },
      ),
      204,
    );
    expect(await state()).toMatchObject({
      state: "paused",
      paused_reason: "maker_left",
      maker_id: w.member.id,
    });
    await expectPaused(made.url, "maker_left");
    ok(await h.dev("POST", `/dev/v1/guilds/${w.guildId}/members`, { user_id: w.member.id }), 201);
    await expectPaused(made.url, "maker_left");

    const renewed = ok(
      await h.dev<{ url: string }>("POST", `/dev/v1/webhooks/${made.webhook.id}/url`, undefined, {
        as: w.owner.id,
      }),
    );
    expect(renewed.url).not.toBe(made.url);
    expect(renewed.url.startsWith(`${h.server.baseUrl}/api/webhooks/${made.webhook.id}/`)).toBe(true);
    expect(await state()).toMatchObject({ state: "active", paused_reason: null, maker_id: w.owner.id });
    const old = await hook(made.url, { content: "old" });
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ code: 10015, message: "Unknown Webhook" });
    expect((await hook(renewed.url, { content: "new" })).status).toBe(204);
    const log = ok(
      await h.dev<Array<{ action: string; action_type: number; changes: unknown[] }>>(
        "GET",
        `/dev/v1/guilds/${w.guildId}/audit-log`,
      ),
    );
    expect(log[0]).toMatchObject({
      action: "webhook_update",
      action_type: 51,
      changes: [{ key: "maker_id", old_value: w.member.id, new_value: w.owner.id }],
    });
  });

  it("pause with maker_left when the maker is kicked or banned", async () => {
    ok(
      await h.dev(
        "DELETE",
        `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`,
        { action: "ban" },
        { as: w.owner.id },
      ),
      204,
    );
    await expectPaused(made.url, "maker_left");
  });

  it("pause with maker_cannot_send while the maker is timed out, and resume by themselves", async () => {
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/guilds/${w.guildId}/members/${w.member.id}`,
        { communication_disabled_until: h.clock.now() + 60_000 },
        { as: w.owner.id },
      ),
    );
    expect(await state()).toMatchObject({ state: "paused", paused_reason: "maker_cannot_send" });
    await expectPaused(made.url, "maker_cannot_send");
    h.clock.advance(60_000);
    expect(await state()).toMatchObject({ state: "active", paused_reason: null });
    expect((await hook(made.url, { content: "back" })).status).toBe(204);
  });

  it("pause with maker_cannot_send while the maker may not send in the channel", async () => {
    const channel = `/dev/v1/channels/${w.general.id}`;
    ok(
      await h.dev(
        "PATCH",
        channel,
        { overwrites: [{ id: w.member.id, type: "member", allow: [], deny: ["send_messages"] }] },
        { as: w.owner.id },
      ),
    );
    await expectPaused(made.url, "maker_cannot_send");
    ok(await h.dev("PATCH", channel, { overwrites: [] }, { as: w.owner.id }));
    expect((await hook(made.url, { content: "restored" })).status).toBe(204);
  });

  it("let only people with manage_webhooks renew or delete the URL", async () => {
    const stranger = ok(await h.dev<{ id: string }>("POST", "/dev/v1/users", { username: "stranger" }), 201);
    ok(await h.dev("POST", `/dev/v1/guilds/${w.guildId}/members`, { user_id: stranger.id }), 201);
    const refused = await h.dev<ErrorAnswer>("POST", `/dev/v1/webhooks/${made.webhook.id}/url`, undefined, {
      as: stranger.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "missing_permission", permission: "manage_webhooks" });
    expect(
      (await h.dev("DELETE", `/dev/v1/webhooks/${made.webhook.id}`, undefined, { as: stranger.id })).status,
    ).toBe(403);
    expect(
      (await h.dev("DELETE", `/dev/v1/webhooks/${made.webhook.id}`, undefined, { as: w.owner.id })).status,
    ).toBe(204);
    expect((await hook(made.url, { content: "x" })).status).toBe(404);
    const gone = await h.dev<ErrorAnswer>("GET", `/dev/v1/webhooks/${made.webhook.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("unknown_webhook");
    const log = ok(
      await h.dev<Array<{ action: string; action_type: number }>>(
        "GET",
        `/dev/v1/guilds/${w.guildId}/audit-log`,
      ),
    );
    expect(log[0]).toMatchObject({ action: "webhook_delete", action_type: 52 });
  });

  it("go with their channel", async () => {
    expect(
      (await h.dev("DELETE", `/dev/v1/channels/${w.general.id}`, undefined, { as: w.owner.id })).status,
    ).toBe(204);
    expect((await h.dev("GET", `/dev/v1/webhooks/${made.webhook.id}`)).status).toBe(404);
    expect((await hook(made.url, { content: "x" })).body).toEqual({
      code: 10015,
      message: "Unknown Webhook",
    });
  });
});
