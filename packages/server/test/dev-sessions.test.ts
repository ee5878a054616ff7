import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type EventWorld, eventWorld, GatewayHarness } from "./gateway-harness.js";

let h: GatewayHarness;
let w: EventWorld;
beforeEach(async () => {
  h = await GatewayHarness.start();
  w = await eventWorld(h, { intents: ["guilds", "guild_messages"] });
});
afterEach(() => h.close());

interface SessionInfo {
  id: string;
  opened_at: number;
  identified_at: number | null;
  closed_at: number | null;
  close_code: number | null;
  intents_requested: string[];
  intents_granted: string[];
  events_sent: number;
}

const sessions = () => h.dev<SessionInfo[]>("GET", `/apps/${w.app.id}/sessions`);

/** Waits (bounded) until the app's newest session is recorded as closed. */
async function closedNewest(): Promise<SessionInfo> {
  for (let i = 0; i < 500; i++) {
    const [newest] = await sessions();
    if (newest?.closed_at !== null && newest !== undefined) return newest;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error("the session was never recorded as closed");
}

describe("GET /dev/v1/apps/{app_id}/sessions", () => {
  it("lists the app's gateway connections newest first, as they open, identify and close", async () => {
    expect(await sessions()).toEqual([]);
    const opened = h.clock.now();
    const first = await h.connect(w.app.token, ["guilds", "guild_messages", "message_content", "guilds"]);
    await h.dev("POST", `/channels/${w.guild.generalId}/messages`, { content: "hi" }, w.memberId);
    await first.client.drain();

    const [live, ...older] = await sessions();
    expect(older).toEqual([]);
    expect(live).toEqual({
      id: (first.ready.d as { session_id: string }).session_id,
      opened_at: opened,
      identified_at: opened,
      closed_at: null,
      close_code: null,
      intents_requested: ["guilds", "guild_messages", "message_content"],
      // The install grants guilds and guild_messages; message_content was asked for, not granted.
      intents_granted: ["guilds", "guild_messages"],
      events_sent: 3,
    });

    await h.advance(1_000);
    first.client.ws.close(4321, "bye");
    const closed = await closedNewest();
    expect(closed).toMatchObject({ closed_at: opened + 1_000, close_code: 4321, events_sent: 3 });

    const second = await h.connect(w.app.token, ["guilds"]);
    await h.dev("POST", "/faults", { kind: "close_gateway", app_id: w.app.id, code: 4000 });
    await second.client.closed;
    const list = await sessions();
    expect(list.map((s) => s.id)).toEqual([(second.ready.d as { session_id: string }).session_id, closed.id]);
    expect(list[0]).toMatchObject({ close_code: 4000, intents_granted: ["guilds"], events_sent: 2 });
  });

  it("lists a refused identify with a valid token, and never a socket without one", async () => {
    const anonymous = await h.open();
    anonymous.send({ op: "identify", d: { token: "not-a-token", intents: ["guilds"] } });
    expect(await anonymous.closed).toMatchObject({ code: 4004 });
    const refused = await h.open();
    refused.send({ op: "identify", d: { token: w.app.token, intents: ["guilds", "presence"] } });
    expect(await refused.closed).toMatchObject({ code: 4013 });

    const list = await sessions();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      identified_at: null,
      close_code: 4013,
      intents_requested: ["guilds", "presence"],
      intents_granted: [],
      events_sent: 0,
    });
    expect(list[0]?.closed_at).toBe(h.clock.now());
  });

  it("keeps the newest 100 sessions of an app", async () => {
    for (let i = 0; i < 102; i++) {
      const client = await h.open();
      client.send({ op: "identify", d: { token: w.app.token, intents: ["nope"] } });
      await client.closed;
    }
    expect(await sessions()).toHaveLength(100);
  });

  it("answers 404 unknown_application for an app that does not exist", async () => {
    const answer = await h.devCall("GET", "/apps/123456789/sessions");
    expect(answer).toMatchObject({ status: 404, body: { code: "unknown_application" } });
  });
});
