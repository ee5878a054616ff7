import { createBot } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { expect, it } from "vitest";
import bot from "../src/bot.js";

/** A world with the bot connected and its commands registered. */
async function worldWithBot() {
  const world = await createTestWorld({
    people: ["ada", "bob"],
    app: { privileged: true, intents: ["guilds", "guild_messages", "guild_members"] },
  });
  const running = createBot({
    ...bot,
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    // A handler that throws fails the test, listed in any wait that times out.
    onError: world.onBotError,
  });
  await running.start();
  world.onClose(() => running.stop());
  await world.app.connected({ commands: ["ping", "echo"] });
  return world;
}

it("answers /ping with pong and the round-trip time", async () => {
  await using world = await worldWithBot();
  const outcome = await world.people.ada.use(world.channels.general, "/ping");
  expect(await outcome.answered()).toHaveAnswered({ content: /^pong \(\d+ ms\)$/ });
});

it("echoes the text it is given, and the service refuses a text over 200 characters", async () => {
  await using world = await worldWithBot();
  const outcome = await world.people.bob.use(world.channels.general, "/echo", { text: "hello there" });
  expect(await outcome.answered()).toHaveAnswered({ content: "hello there" });
  await expect(
    world.people.bob.use(world.channels.general, "/echo", { text: "x".repeat(201) }),
  ).rejects.toThrow(/400 invalid_options/);
});

it("welcomes a person who joins, through the injected Greeter, counting joins in the store", async () => {
  await using world = await worldWithBot();
  await world.people.bob.leave();
  await world.people.bob.join();
  const first = await world.nextMessage(world.channels.general, { from: world.app });
  expect(first.content).toBe(`Welcome, ${world.people.bob.name}! (joins so far: 1)`);
  await world.people.ada.leave();
  await world.people.ada.join();
  const second = await world.nextMessage(world.channels.general, { from: world.app });
  expect(second.content).toBe(`Welcome, ${world.people.ada.name}! (joins so far: 2)`);
});
