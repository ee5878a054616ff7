// "Before", "after" and "while" follow the order in which things happened, never clock readings:
// each test runs at one reading of the manual clock unless it says otherwise.
import type { Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../src/kernel/clock.js";
import { type EventWorld, eventWorld, GatewayHarness } from "./gateway-harness.js";

let h: GatewayHarness;
afterEach(() => h.close());

/** A manual clock whose deadlines fire late: `now()` runs `late` ms ahead of them (a busy process). */
class LateTimers extends ManualClock {
  late = 0;
  override now(): number {
    return super.now() + this.late;
  }
}

const post = (w: EventWorld, content: string, as = w.memberId) =>
  h.devCall<Message>("POST", `/channels/${w.guild.generalId}/messages`, { content }, as);

const timeOut = (w: EventWorld, until: number | null) =>
  h.dev(
    "PATCH",
    `/guilds/${w.guild.id}/members/${w.memberId}`,
    { communication_disabled_until: until },
    w.ownerId,
  );

describe("order at one clock reading", () => {
  it("refuses a timed-out member's post made after the timeout, and takes it once it is lifted", async () => {
    h = await GatewayHarness.start();
    const w = await eventWorld(h);
    const start = h.clock.now();
    expect((await post(w, "first")).status).toBe(201);
    await timeOut(w, start + 60_000);
    expect(await post(w, "while timed out")).toMatchObject({
      status: 403,
      body: { code: "missing_permission" },
    });
    await timeOut(w, null);
    expect((await post(w, "lifted")).status).toBe(201);
    expect(h.clock.now()).toBe(start);
  });

  it("ends a timeout when its deadline fires, not when the clock reads past it", async () => {
    const clock = new LateTimers();
    h = await GatewayHarness.start({ clock });
    const w = await eventWorld(h, {
      privileged: true,
      permissions: ["view_channels", "read_message_history", "view_audit_log"],
    });
    const { client } = await h.connect(w.app.token, ["guild_members", "guild_moderation", "guild_messages"]);
    await timeOut(w, clock.now() + 1_000);
    await client.drain();

    // The clock reads past the deadline, whose timer has not fired yet: the timeout still runs.
    clock.late = 1_000;
    expect((await post(w, "too early")).status).toBe(403);
    clock.late = 0;
    clock.advance(1_000);
    expect((await post(w, "after the end")).status).toBe(201);
    // The bot learns that the timeout ended before it sees the member's message.
    expect(await client.drainTypes()).toEqual(["GUILD_MEMBER_UPDATE", "MESSAGE_CREATE"]);
  });

  it("delivers nothing of a server before the install nor after the uninstall", async () => {
    h = await GatewayHarness.start();
    const w = await eventWorld(h);
    const start = h.clock.now();
    const { client } = await h.connect(w.app.token, ["guilds", "guild_messages"]);
    await h.dev("DELETE", `/guilds/${w.guild.id}/installs/${w.app.id}`, undefined, w.ownerId);
    await post(w, "while uninstalled");
    await h.install(w.guild.id, w.app.id, w.ownerId);
    const back = await post(w, "installed again");
    const events = await client.drain();
    expect(events.map((e) => e.t)).toEqual(["GUILD_DELETE", "GUILD_CREATE", "MESSAGE_CREATE"]);
    expect(events[2]?.d).toMatchObject({ id: back.body.id });
    expect(h.clock.now()).toBe(start);
  });

  it("answers app_not_connected for a command used after the bot left, at the same reading", async () => {
    h = await GatewayHarness.start();
    const w = await eventWorld(h, {
      scopes: ["messages.read", "messages.send", "commands"],
    });
    await h.bot(w.app.token, "POST", `/v1/applications/${w.app.id}/commands`, {
      name: "ping",
      description: "Ping",
    });
    const { client } = await h.connect(w.app.token, ["guilds"]);
    const use = () =>
      h.dev<{ id: string; state: string; notice: string | null }>(
        "POST",
        `/channels/${w.guild.generalId}/interactions`,
        { name: "ping" },
        w.memberId,
      );
    expect(await use()).toMatchObject({ state: "delivered" });
    client.ws.close();
    await client.closed;
    for (let i = 0; i < 500 && h.server.core.presence.isConnected(w.app.id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await use()).toMatchObject({ state: "not_delivered", notice: "app_not_connected" });
  });
});
