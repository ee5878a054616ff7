import { createBot } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { expect, it } from "vitest";
import digest from "../src/bot.js";

it("thinks after 2 s of slow work, then answers and follows up, all on the world's clock", async () => {
  // The messages are posted quickly and the bot reads 3 pages of history: the service's limits
  // would pace both on the world's clock, which moves only when the test moves it.
  await using world = await createTestWorld({ people: ["ada", "bob"], rateLimits: false });
  const bot = createBot({
    ...digest,
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    // A handler that throws fails the test, listed in any wait that times out.
    onError: world.onBotError,
  });
  await bot.start();
  world.onClose(() => bot.stop());
  await world.app.connected({ commands: ["digest"] });
  const { ada, bob } = world.people;
  for (let i = 0; i < 150; i++) await ada.say(world.channels.general, `note ${i}`);
  for (let i = 0; i < 60; i++) await bob.say(world.channels.general, `reply ${i}`);

  const outcome = await bob.use(world.channels.general, "/digest");
  // The reader pauses 1 s between pages: at 2 s it is still reading, so the framework defers.
  world.clock.advance(2_000);
  await outcome.settled();
  expect(outcome.state).toBe("thinking");

  // Each page is read over REST before the next pause starts: move the clock a step at a time
  // until the last page is in and the answer replaces the thinking state.
  await expect
    .poll(() => {
      world.clock.advance(250);
      return outcome.state;
    })
    .toBe("answered");
  expect(outcome).toHaveAnswered({ content: "210 recent messages from 2 people." });
  const followUp = await world.nextMessage(world.channels.general, {
    from: world.app,
    matching: /^1\. /,
  });
  expect(followUp.content).toBe(`1. ${ada.name}: 150\n2. ${bob.name}: 60`);
});
