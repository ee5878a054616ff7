import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, RestClient, ValidationError } from "../src/index.js";
import { type ConnectedBot, connectBot } from "./gateway.js";
import { startWorld, type TestWorld } from "./world.js";

let world: TestWorld;
let rest: RestClient;
let bot: ConnectedBot;

/** A person (the member) uses `/ping` in `#general`; resolves with the interaction id. */
async function usePing(on: TestWorld = world): Promise<string> {
  const used = await on.dev<{ id: string; state: string }>(
    "POST",
    `/channels/${on.channelId}/interactions`,
    { name: "ping" },
    on.memberId,
  );
  expect(used.state).toBe("delivered");
  return used.id;
}

beforeAll(async () => {
  world = await startWorld();
  rest = new RestClient({ token: world.token, baseUrl: world.baseUrl });
  await rest.createGuildCommand(world.guildId, { name: "ping", description: "Answers pong" });
  bot = await connectBot(world.server.gatewayUrl, world.token);
});
afterAll(async () => {
  await bot.close();
  await world.close();
});

describe("interaction replies", () => {
  it("answers with a callback, then edits the original and follows up", async () => {
    const id = await usePing();
    await rest.createInteractionResponse(id, { type: 4, data: { content: "pong" } });
    const edited = await rest.editOriginalResponse(id, { content: "pong!" });
    expect(edited).toMatchObject({ content: "pong!", interaction: { id, name: "ping" } });
    const followup = await rest.createFollowupMessage(id, { content: "and again" });
    expect(followup.content).toBe("and again");
    const state = await world.dev<{ state: string; messages: Array<{ content: string }> }>(
      "GET",
      `/interactions/${id}`,
    );
    expect(state.state).toBe("answered");
    expect(state.messages.map((m) => m.content)).toEqual(["pong!", "and again"]);
  });

  it("thinks, then posts the answer through the original message", async () => {
    const id = await usePing();
    await rest.createInteractionResponse(id, { type: 5 });
    const answer = await rest.editOriginalResponse(id, { content: "thought about it" });
    expect(answer.interaction?.id).toBe(id);
  });

  it("answers a second callback with interaction_already_handled (400)", async () => {
    const id = await usePing();
    await rest.createInteractionResponse(id, { type: 4, data: { content: "once" } });
    const error = await rest
      .createInteractionResponse(id, { type: 4, data: { content: "twice" } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "interaction_already_handled", method: "POST" });
  });

  it("answers replies to an unknown interaction with unknown_interaction (404)", async () => {
    await expect(rest.editOriginalResponse("1", { content: "x" })).rejects.toMatchObject({
      status: 404,
      code: "unknown_interaction",
    });
    await expect(rest.createFollowupMessage("1", { content: "x" })).rejects.toMatchObject({
      code: "unknown_interaction",
    });
  });

  it("refuses an empty answer before sending, naming data.content", async () => {
    const error = await rest.createInteractionResponse("1", { type: 4, data: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys(error.errors)).toEqual(["data.content"]);
    await expect(rest.createFollowupMessage("1", { content: "" })).rejects.toThrow(/content/);
  });
});

describe("interaction replies and the message queue", () => {
  it("never wait behind message sends held by their channel's rate limit", async () => {
    const limited = await startWorld({
      rateLimits: { messageCreatePerChannel: { limit: 1, windowMs: 2_000 } },
    });
    const client = new RestClient({ token: limited.token, baseUrl: limited.baseUrl });
    await client.createGuildCommand(limited.guildId, { name: "ping", description: "Answers pong" });
    const connected = await connectBot(limited.server.gatewayUrl, limited.token);
    const stop = new AbortController();
    try {
      await client.createMessage(limited.channelId, { content: "fills the bucket" });
      // These two must wait about 2 s and 4 s for the channel's bucket.
      const held = [1, 2].map((i) =>
        client.createMessage(limited.channelId, { content: `held ${i}` }, { signal: stop.signal }).then(
          () => "sent",
          () => "aborted",
        ),
      );
      const id = await usePing(limited);
      const started = Date.now();
      await client.createInteractionResponse(id, { type: 4, data: { content: "pong" } });
      expect(Date.now() - started).toBeLessThan(1_000);
      stop.abort();
      expect(await Promise.all(held)).toEqual(["aborted", "aborted"]);
    } finally {
      await connected.close();
      await limited.close();
    }
  });
});
