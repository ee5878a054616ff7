import type { Message } from "@chatbot/protocol";
import { describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld, WaitTimeoutError } from "../src/index.js";
import { startRawBot } from "./support/raw-bot.js";

/** A raw ws bot that answers `!ping` with `pong` (as a reply) and reacts 👀 to `!look`. */
async function pingBot(w: TestWorld) {
  const b = await startRawBot(w, {
    onMessage: async (m: Message, self) => {
      if (m.content === "!ping")
        await self.rest("POST", `/v1/channels/${m.channel_id}/messages`, { content: "pong", reply_to: m.id });
      if (m.content === "!look")
        await self.rest(
          "PUT",
          `/v1/channels/${m.channel_id}/messages/${m.id}/reactions/${encodeURIComponent("👀")}/@me`,
        );
    },
  });
  await w.app.connected();
  return b;
}

describe("waiting for messages", () => {
  it("hands out the bot's next message after the person's own, each once", async () => {
    await using world = await createTestWorld({ people: ["alice"], channels: { general: {}, random: {} } });
    await pingBot(world);
    const { alice } = world.people;
    const ping = await alice.say(world.channels.general, "!ping");
    const pong = await world.nextMessage(world.channels.general, { from: world.app });
    expect(pong.content).toBe("pong");
    expect(pong.author.id).toBe(world.app.userId);
    expect(pong.reply_to).toBe(ping.id);

    await alice.say(world.channels.random, "!ping");
    await alice.say(world.channels.general, "!ping");
    // Each channel keeps its own cursor; a filter on the content skips what does not match.
    expect((await world.nextMessage(world.channels.general, { matching: /^po/ })).channel_id).toBe(
      world.channels.general.id,
    );
    expect(
      (await world.nextMessage(world.channels.random, { from: world.app, matching: "pong" })).channel_id,
    ).toBe(world.channels.random.id);
  });

  it("moves each channel's cursor past every say, however many messages came before it", async () => {
    await using world = await createTestWorld({
      people: ["alice", "bob"],
      channels: { general: {}, random: {} },
      rateLimits: false,
    });
    await pingBot(world);
    const { alice, bob } = world.people;
    const channels = [world.channels.general, world.channels.random];
    for (let i = 0; i < 120; i++)
      await (i % 2 === 0 ? alice : bob).say(channels[i % 3 === 0 ? 1 : 0]!, `m${i}`);
    // Nothing came after the last say of either channel, so neither hands out anything...
    for (const channel of channels) {
      const nothing = await world.nextMessage(channel, { timeoutMs: 50 }).catch((e: unknown) => e);
      expect(nothing).toBeInstanceOf(WaitTimeoutError);
    }
    // ...until the bot answers one: the answer, not a person's own message, is next.
    await bob.say(world.channels.random, "!ping");
    expect((await world.nextMessage(world.channels.random)).content).toBe("pong");
  });

  it("fails after its real-time bound, listing every message that came meanwhile", async () => {
    await using world = await createTestWorld({ people: ["alice"], channels: { general: {}, random: {} } });
    await pingBot(world);
    await world.people.alice.say(world.channels.general, "!ping");
    const error = (await world
      .nextMessage(world.channels.general, { from: world.app, matching: "PONG", timeoutMs: 200 })
      .catch((e: unknown) => e)) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.code).toBe("wait_timeout");
    expect(error.message).toBe(
      'waited 200 ms for a message in #general from bot (bot) matching PONG; meanwhile:\n  - #general bot (bot): "pong"',
    );
  });

  it("edits, deletes and reacts as people, under the server's rules", async () => {
    await using world = await createTestWorld({ people: ["alice", "bob"], rateLimits: false });
    const bot = await startRawBot(world, {
      intents: ["guilds", "guild_messages", "guild_reactions", "message_content"],
    });
    await world.app.connected();
    const { alice, bob } = world.people;
    const message = await alice.say(world.channels.general, "helo", { embeds: [{ title: "Hi" }] });
    expect((await alice.edit(message, "hello")).content).toBe("hello");
    await bob.react(message, "👍");
    await expect(bob.delete(message)).rejects.toThrow(/answered 403 missing_permission/);
    await alice.delete(message);
    expect(await bob.history(world.channels.general)).toEqual([]);
    const seen = bot.events.map((e) => e.t).filter((t) => t.startsWith("MESSAGE"));
    expect(seen).toEqual(["MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_REACTION_ADD", "MESSAGE_DELETE"]);
  });
});
