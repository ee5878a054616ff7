import { createBot } from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { expect, it } from "vitest";
import bot from "../src/bot.js";
import { RelayConfig } from "../src/relay-config.js";

/** A world with #announcements, #mirror and a webhook into #general, and the bot connected. */
async function worldWithBot() {
  const world = await createTestWorld({
    people: ["ada", "bob"],
    channels: { general: {}, announcements: {}, mirror: {} },
  });
  // The server's owner makes an incoming webhook into #general, as a person does in the service.
  const made = await fetch(`${world.baseUrl}/dev/v1/channels/${world.channels.general.id}/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-dev-user": world.people.owner!.id },
    body: JSON.stringify({ name: "Relay" }),
  });
  const { url } = (await made.json()) as { url: string };
  const running = createBot({
    ...bot,
    providers: [{ provide: RelayConfig, useValue: new RelayConfig(url, "announcements", "mirror") }],
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    // A handler that throws fails the test, listed in any wait that times out.
    onError: world.onBotError,
  });
  await running.start();
  world.onClose(() => running.stop());
  await world.app.connected({ commands: ["relay"] });
  return world;
}

it("relays a person's text through the incoming webhook, under their name", async () => {
  await using world = await worldWithBot();
  const outcome = await world.people.ada.use(world.channels.general, "/relay", { text: "Deploy finished" });
  expect(await outcome.answered()).toHaveAnswered({
    ephemeral: true,
    content: `Relayed as ${world.people.ada.name}.`,
  });
  const posted = await world.nextMessage(world.channels.general, { matching: /Deploy finished/ });
  expect(posted.author.username).toBe(world.people.ada.name);
  expect(posted.webhook_id).toBeTruthy();
});

it("mirrors people's messages from #announcements into #mirror, and nothing else", async () => {
  await using world = await worldWithBot();
  await world.people.bob.say(world.channels.general, "not mirrored");
  await world.people.bob.say(world.channels.announcements!, "Release at noon");
  const mirrored = await world.nextMessage(world.channels.mirror!, { from: world.app });
  expect(mirrored.content).toBe(`**${world.people.bob.name}**: Release at noon`);
});
