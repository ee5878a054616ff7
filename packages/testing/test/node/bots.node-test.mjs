// The testing package under node:test (no vitest anywhere): a raw `ws` bot answers /echo, a person
// uses it, and the helpers' failures read as they do under vitest; then a bot written with the SDK.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { GatewayClient } from "@chatbot/gateway";
import { RestClient } from "@chatbot/rest";
import { createTestWorld, NotAnsweredError, WaitTimeoutError } from "@chatbot/testing";
import { WebSocket } from "ws";

/** Registers /echo and /mute, connects and answers /echo with its text; resolves on READY. */
async function echoBot(world) {
  const headers = { authorization: `Bot ${world.token}`, "content-type": "application/json" };
  await fetch(`${world.baseUrl}/v1/applications/@me/commands`, {
    method: "PUT",
    headers,
    body: JSON.stringify([
      {
        name: "echo",
        description: "Says it back",
        options: [{ type: 3, name: "text", description: "What", required: true }],
      },
      { name: "mute", description: "Says nothing" },
    ]),
  });
  const ws = new WebSocket(world.gatewayUrl);
  world.onClose(() => ws.terminate());
  await new Promise((resolve, reject) => {
    ws.on("message", async (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.op === "hello")
        ws.send(JSON.stringify({ op: "identify", d: { token: world.token, intents: [] } }));
      if (frame.t === "READY") resolve();
      if (frame.t === "INTERACTION_CREATE" && frame.d.data.name === "echo") {
        const text = frame.d.data.options[0].value;
        await fetch(`${world.baseUrl}/v1/interactions/${frame.d.id}/callback`, {
          method: "POST",
          headers,
          body: JSON.stringify({ type: 4, data: { content: text } }),
        });
      }
    });
    ws.once("error", reject);
  });
}

const world = await createTestWorld({ people: ["alice"] });
after(() => world.close());

test("a person uses a raw ws bot's command and reads its answer", async () => {
  await echoBot(world);
  await world.app.connected({ commands: ["echo", "mute"] });
  const outcome = await world.people.alice.use(world.channels.general, "/echo", { text: "hello" });
  await outcome.answered();
  assert.equal(outcome.state, "answered");
  assert.equal(outcome.answer.content, "hello");
  const message = await world.nextMessage(world.channels.general, { from: world.app });
  assert.equal(message.content, "hello");
});

test("the clock ends the 3-second window, and the wait says so", async () => {
  const outcome = await world.people.alice.use(world.channels.general, "/mute");
  const answered = outcome.answered();
  world.clock.advance(3000);
  await assert.rejects(answered, (error) => {
    assert.ok(error instanceof NotAnsweredError);
    assert.equal(
      error.message,
      "/mute was not answered: the interaction is unanswered (notice app_did_not_respond)",
    );
    return true;
  });
});

test("a wait for a message that never comes fails listing what came", async () => {
  await world.people.alice.say(world.channels.general, "anyone?");
  const waiting = world.nextMessage(world.channels.general, { from: world.app, timeoutMs: 100 });
  await world.people.alice.say(world.channels.general, "hello?");
  await assert.rejects(waiting, (error) => {
    assert.ok(error instanceof WaitTimeoutError);
    assert.equal(
      error.message,
      'waited 100 ms for a message in #general from bot (bot); meanwhile:\n  - #general alice: "hello?"',
    );
    return true;
  });
});

test("an SDK bot answers only the people allowed to use its command", async () => {
  const sdk = await createTestWorld({
    people: { mod: { roles: ["mods"] }, bob: {} },
    roles: { mods: ["kick_members"] },
  });
  try {
    const rest = new RestClient({ token: sdk.token, baseUrl: sdk.baseUrl });
    const gateway = new GatewayClient({ token: sdk.token, intents: ["guilds"], rest });
    sdk.onClose(() => gateway.close());
    await rest.setGlobalCommands([{ name: "kickable", description: "Whether I may kick" }]);
    gateway.on("INTERACTION_CREATE", async (interaction) => {
      const may = interaction.member.permissions.has("kick_members");
      await rest.createInteractionResponse(interaction.id, {
        type: 4,
        data: { content: may ? "You may kick." : "You may not kick.", flags: 64 },
      });
    });
    await gateway.connect();
    await sdk.app.connected({ commands: ["kickable"] });
    const yes = await (await sdk.people.mod.use(sdk.channels.general, "/kickable")).answered();
    const no = await (await sdk.people.bob.use(sdk.channels.general, "/kickable")).answered();
    assert.deepEqual(
      [yes.answer.content, no.answer.content, yes.answer.flags, no.answer.flags],
      ["You may kick.", "You may not kick.", 64, 64],
    );
  } finally {
    await sdk.close();
  }
});
