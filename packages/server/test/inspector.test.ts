import { afterEach, describe, expect, it } from "vitest";
import { type Harness, ok, personPosts, setupWorld, startHarness } from "./harness.js";
import { channel, type Page, records } from "./inspector-support.js";
import { BotSocket, registerGlobal, use } from "./interactions-support.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("the inspector (GET /dev/v1/inspector)", () => {
  it("explains a refused send: which permission, and the overwrite that denied it", async () => {
    h = await startHarness();
    const w = await setupWorld(h);
    const quiet = await channel(h, w, {
      name: "quiet",
      kind: "text",
      overwrites: [{ id: w.everyoneRoleId, type: "role", allow: [], deny: ["send_messages"] }],
    });
    const refused = await h.bot<Record<string, unknown>>(
      w.token,
      "POST",
      `/v1/channels/${quiet.id}/messages`,
      {
        content: "hello",
      },
    );
    expect(refused.status).toBe(403);
    // The wire body is the interface's, with nothing of the explanation.
    expect(Object.keys(refused.body).sort()).toEqual(["code", "message", "permission"]);

    const rest = (await records(h, `?app_id=${w.appId}`)).filter((r) => r.kind === "rest");
    const call = rest.at(-1)!;
    expect(call).toMatchObject({
      kind: "rest",
      app_id: w.appId,
      app_name: "Helper",
      method: "POST",
      path: `/v1/channels/${quiet.id}/messages`,
      status: 403,
      error: { code: "missing_permission", permission: "send_messages" },
    });
    expect(call.duration_ms).toBeGreaterThanOrEqual(0);
    const explanation = call.explanation!;
    expect(explanation.missing).toEqual({ kind: "permission", name: "send_messages" });
    expect(explanation.channel_id).toBe(quiet.id);
    expect(explanation.summary).toBe(
      "the bot of Helper lacks send_messages in #quiet: the overwrite for @everyone in #quiet denies it.",
    );
    expect(explanation.steps).toContainEqual({
      source: "everyone_role",
      effect: "grants",
      id: w.everyoneRoleId,
      text: "@everyone grants send_messages",
    });
    expect(explanation.steps).toContainEqual(
      expect.objectContaining({ source: "overwrite", effect: "denies", id: w.everyoneRoleId }),
    );
    // The bot's managed role says where it comes from.
    expect(explanation.steps.find((s) => s.source === "role")?.text).toContain(
      "managed by the install of Helper",
    );
  });

  it("explains a role's overwrite, a hidden channel and a missing scope", async () => {
    h = await startHarness();
    const w = await setupWorld(h, { scopes: ["messages.read", "reactions"] });
    const roleDenied = await channel(h, w, {
      name: "staff",
      kind: "text",
      overwrites: [{ id: w.botRoleId, type: "role", allow: [], deny: ["view_channels"] }],
    });
    const hidden = await h.bot(w.token, "GET", `/v1/channels/${roleDenied.id}`);
    expect(hidden.status).toBe(404);
    const noScope = await h.bot(w.token, "POST", `/v1/channels/${w.general.id}/messages`, { content: "x" });
    expect(noScope.status).toBe(403);

    const [seen, scoped] = (await records(h)).filter((r) => r.kind === "rest").slice(-2);
    expect(seen!.explanation!.missing).toEqual({ kind: "visibility", name: "view_channels" });
    expect(seen!.explanation!.summary).toMatch(
      /^the bot of Helper cannot see #staff \(view_channels: the overwrite for role Helper in #staff denies it\)/,
    );
    expect(scoped!.error).toMatchObject({ code: "missing_scope", scope: "messages.send" });
    expect(scoped!.explanation!.missing).toEqual({ kind: "scope", name: "messages.send" });
    expect(scoped!.explanation!.summary).toContain("the install was not granted it");
    expect(scoped!.explanation!.steps[0]).toMatchObject({
      source: "install",
      text: "the install of Helper in Guild has the scopes messages.read, reactions",
    });
  });

  it("records gateway sessions, each frame with its payload, and intents an install did not grant", async () => {
    h = await startHarness();
    const w = await setupWorld(h, { intents: ["guilds", "guild_messages"] });
    const bot = await BotSocket.connect(h.server.gatewayUrl, w.token, [
      "guilds",
      "guild_messages",
      "message_content",
    ]);
    await personPosts(h, w.general.id, { content: "hi" }, w.member.id);
    await bot.drain();
    bot.close();
    await h.server.core.clock.now();
    for (
      let i = 0;
      i < 50 && !(await records(h)).some((r) => r.kind === "session" && r.action === "closed");
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const all = await records(h, `?app_id=${w.appId}`);
    const identified = all.find((r) => r.kind === "session" && r.action === "identified")!;
    expect(identified.intents_requested).toEqual(["guilds", "guild_messages", "message_content"]);
    expect(identified.intents_granted).toEqual(["guilds", "guild_messages"]);
    expect(identified.explanation!.missing).toEqual({ kind: "intent", name: "message_content" });
    expect(identified.explanation!.steps[0]!.text).toBe(
      "the install in Guild does not grant message_content (it grants guilds, guild_messages)",
    );
    const frames = all.filter((r) => r.kind === "gateway");
    expect(frames.map((f) => f.event)).toEqual(["READY", "GUILD_CREATE", "MESSAGE_CREATE"]);
    expect(frames.map((f) => f.sequence)).toEqual([1, 2, 3]);
    expect(frames.every((f) => f.session_id === identified.session_id)).toBe(true);
    expect(frames[2]!.data).toMatchObject({ channel_id: w.general.id, author: { id: w.member.id } });
    const closed = all.find((r) => r.kind === "session" && r.action === "closed")!;
    expect(closed.close_code).toBe(1006);
    expect(closed.seq).toBeGreaterThan(frames[2]!.seq);
  });

  it("records each state of an interaction, up to the app not answering", async () => {
    h = await startHarness();
    const w = await setupWorld(h, { scopes: ["commands", "messages.send"] });
    await registerGlobal(h, w, [{ name: "ping", description: "Ping" }]);
    const bot = await BotSocket.connect(h.server.gatewayUrl, w.token);
    const used = ok(await use(h, w, { name: "ping" }), 201);
    h.clock.advance(3_000);
    const states = (await records(h)).filter((r) => r.kind === "interaction");
    expect(states.map((r) => [r.interaction_id, r.command_name, r.state, r.notice])).toEqual([
      [used.id, "ping", "delivered", null],
      [used.id, "ping", "unanswered", "app_did_not_respond"],
    ]);
    expect(states[0]).toMatchObject({ app_id: w.appId, channel_id: w.general.id, user_id: w.member.id });
    bot.close();
  });

  it("records webhook executions without their secret", async () => {
    h = await startHarness();
    const w = await setupWorld(h);
    const made = ok(
      await h.dev<{ webhook: { id: string }; url: string }>(
        "POST",
        `/dev/v1/channels/${w.general.id}/webhooks`,
        { name: "CI" },
        { as: w.owner.id },
      ),
      201,
    );
    const secret = made.url.split("/").at(-1)!;
    const posted = await fetch(made.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "build passed" }),
    });
    expect(posted.status).toBe(204);
    const wrong = await fetch(`${made.url}x`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "nope" }),
    });
    expect(wrong.status).toBe(404);
    const hooks = (await records(h)).filter((r) => r.kind === "webhook");
    expect(hooks.map((r) => [r.webhook_id, r.path, r.status])).toEqual([
      [made.webhook.id, `/api/webhooks/${made.webhook.id}/…`, 204],
      [made.webhook.id, `/api/webhooks/${made.webhook.id}/…`, 404],
    ]);
    expect(JSON.stringify(hooks)).not.toContain(secret);
    expect(hooks[1]!.error).toMatchObject({ code: 10015 });
  });

  it("keeps a bounded ring, pages after a seq, filters by app, and is emptied by a reset", async () => {
    h = await startHarness({ inspector: 5 });
    const w = await setupWorld(h);
    for (let i = 0; i < 8; i++) await h.bot(w.token, "GET", "/v1/users/@me");
    const page = ok(await h.dev<Page>("GET", "/dev/v1/inspector"));
    expect(page.size).toBe(5);
    expect(page.records).toHaveLength(5);
    const seqs = page.records.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seqs.at(-1)).toBe(page.last_seq);
    const after = await records(h, `?after=${seqs[2]}&limit=1`);
    expect(after.map((r) => r.seq)).toEqual([seqs[3]]);
    expect(await records(h, `?app_id=${w.owner.id}`)).toEqual([]);
    const bad = await h.dev<{ errors: Record<string, string[]> }>("GET", "/dev/v1/inspector?after=x&limit=0");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["after", "limit"]);
    ok(await h.dev("POST", "/dev/v1/reset"), 204);
    expect(await records(h)).toEqual([]);
  });

  it("is off with inspector: false", async () => {
    h = await startHarness({ inspector: false });
    const off = await h.dev<{ code: string }>("GET", "/dev/v1/inspector");
    expect(off.status).toBe(404);
    expect(off.body.code).toBe("inspector_off");
  });
});
