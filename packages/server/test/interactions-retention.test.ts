import type { Message } from "@chatbot/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";
import { BotSocket, registerGlobal, use } from "./interactions-support.js";

const FIFTEEN_MINUTES = 15 * 60_000;

let h: Harness;
let w: TestWorld;
let bot: BotSocket;

beforeEach(async () => {
  // A heartbeat interval past the 15 minutes the clock moves, so the bot stays connected.
  h = await startHarness({ keptInteractions: 3, heartbeatIntervalMs: 2 * FIFTEEN_MINUTES });
  w = await setupWorld(h, { scopes: ["commands", "messages.read", "message_content"] });
  await registerGlobal(h, w, [{ name: "ping", description: "Answers pong" }]);
  bot = await BotSocket.connect(h.server.gatewayUrl, w.token, ["guild_messages", "message_content"]);
});
afterEach(async () => {
  bot.close();
  await h.close();
});

/** The person uses /ping and the bot answers it (ephemeral or not). */
async function usedAndAnswered(ephemeral: boolean): Promise<string> {
  const id = ok(await use(h, w, { name: "ping" }), 201).id;
  await bot.interaction();
  const data = ephemeral ? { content: `just for you ${id}`, flags: 64 } : { content: `pong ${id}` };
  const answered = await h.bot(w.token, "POST", `/v1/interactions/${id}/callback`, { type: 4, data });
  expect(answered.status).toBe(204);
  return id;
}

const interactionStatus = async (id: string) => (await h.dev("GET", `/dev/v1/interactions/${id}`)).status;
const personPage = async () =>
  ok(
    await h.dev<Message[]>("GET", `/dev/v1/channels/${w.general.id}/messages`, undefined, {
      as: w.member.id,
    }),
  );

describe("keeping interactions", () => {
  it("past the kept number, drops the oldest ones whose 15 minutes have passed", async () => {
    const first = await usedAndAnswered(true);
    const second = await usedAndAnswered(false);
    const third = await usedAndAnswered(false);
    h.clock.advance(FIFTEEN_MINUTES);
    const fourth = await usedAndAnswered(false);
    // Four kept three: the oldest closed one went, with its ephemeral answer.
    expect(await interactionStatus(first)).toBe(404);
    for (const id of [second, third, fourth]) expect(await interactionStatus(id)).toBe(200);
    const page = await personPage();
    expect(page.map((m) => m.content)).not.toContain(`just for you ${first}`);
    // Answers posted as messages stay in history when their interaction goes.
    const fifth = await usedAndAnswered(false);
    expect(await interactionStatus(second)).toBe(404);
    expect((await personPage()).map((m) => m.content)).toContain(`pong ${second}`);
    expect(await interactionStatus(fifth)).toBe(200);
  });

  it("never drops one still inside its 15 minutes", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await usedAndAnswered(false));
    h.clock.advance(FIFTEEN_MINUTES - 1);
    ids.push(await usedAndAnswered(false));
    for (const id of ids) expect(await interactionStatus(id)).toBe(200);
    // Once the first three close, the next use brings the table back to three.
    h.clock.advance(1);
    ids.push(await usedAndAnswered(false));
    const kept = [];
    for (const id of ids) if ((await interactionStatus(id)) === 200) kept.push(id);
    expect(kept).toEqual(ids.slice(2));
    // A followup of a kept one still works within its window.
    const followup = await h.bot(w.token, "POST", `/v1/interactions/${ids[3]}/followups`, {
      content: "more",
    });
    expect(followup.status).toBe(200);
  });
});
