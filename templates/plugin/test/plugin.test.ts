import { createBot, DefinitionError, defineBot } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { expect, it } from "vitest";
import { faq } from "../src/index.js";
import { PLUGIN_NAME } from "../src/plugin-name.js";

/** A bot made of the plugin alone, as a bot that adds it would have it, in a world of its own. */
async function worldWithPlugin() {
  const world = await createTestWorld({ people: ["ada", "bob"] });
  const bot = defineBot({ plugins: [faq({ answers: { rules: "Be kind.", hours: "Open 9 to 5." } })] });
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
  await world.app.connected({ commands: ["faq"] });
  return world;
}

it("answers /faq with the topic's answer, and lists the topics for an unknown one", async () => {
  await using world = await worldWithPlugin();
  const answered = await world.people.ada.use(world.channels.general, "/faq", { topic: "rules" });
  expect(await answered.answered()).toHaveAnswered({ content: "Be kind." });
  const unknown = await world.people.ada.use(world.channels.general, "/faq", { topic: "pets" });
  expect(await unknown.answered()).toHaveAnswered({
    ephemeral: true,
    content: 'No answer about "pets". Topics: hours, rules.',
  });
});

it("answers a message that is only a question, in reply to it", async () => {
  await using world = await worldWithPlugin();
  const asked = await world.people.bob.say(world.channels.general, "?hours");
  const answer = await world.nextMessage(world.channels.general, { from: world.app });
  expect(answer.content).toBe("Open 9 to 5.");
  expect(answer.reply_to).toBe(asked.id);
});

it("refuses bad options when the bot is made, naming the plugin, the option and the rule", () => {
  const make = (options: unknown) => () =>
    createBot({ token: "t", baseUrl: "http://127.0.0.1:1", plugins: [faq(options as never)] });
  expect(make({ answers: { Rules: "Be kind." } })).toThrow(DefinitionError);
  expect(make({ answers: { Rules: "Be kind." } })).toThrow(
    `plugin "${PLUGIN_NAME}": option answers.Rules: must be 1 to 32 lower-case letters, digits or dashes`,
  );
  expect(make({ answers: {} })).toThrow(
    `plugin "${PLUGIN_NAME}": option answers: must hold at least one topic`,
  );
});
