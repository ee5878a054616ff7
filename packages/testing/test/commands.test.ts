import type { Interaction } from "@chatbot/protocol";
import { describe, expect, it } from "vitest";
import { createTestWorld, NotAnsweredError, type TestWorld, WaitTimeoutError } from "../src/index.js";
import "../src/vitest.js";
import { option, startRawBot } from "./support/raw-bot.js";

const ROLL = {
  name: "roll",
  description: "Rolls a die",
  options: [
    { type: 4, name: "sides", description: "How many sides", required: true, min_value: 2 },
    { type: 6, name: "for", description: "Who rolls", required: false },
  ],
};
const SLOW = { name: "slow", description: "Never answers" };
const THINK = { name: "think", description: "Thinks, never answers" };

/** A raw ws bot: /roll answers only to the person (ephemeral), /think defers, /slow does nothing. */
async function rollBot(w: TestWorld) {
  return startRawBot(w, {
    commands: [ROLL, SLOW, THINK],
    onInteraction: async (i: Interaction, b) => {
      if (i.data.name === "roll") {
        const who = option(i, "for") ?? i.user.id;
        await b.callback(i, {
          type: 4,
          data: { content: `<@${who}> rolled a d${option(i, "sides")}`, flags: 64 },
        });
      }
      if (i.data.name === "think") await b.callback(i, { type: 5 });
    },
  });
}

describe("a person using a raw ws bot's commands", () => {
  it("gets the answer with options, handles standing for their ids, ephemeral only to them", async () => {
    await using world = await createTestWorld({ people: ["alice", "bob"], rateLimits: false });
    await rollBot(world);
    await world.app.connected({ commands: ["/roll"] });
    const { alice, bob } = world.people;

    const outcome = await alice.use(world.channels.general, "/roll", { sides: 20, for: bob });
    expect(outcome.state).toBe("delivered");
    await outcome.answered();
    expect(outcome).toHaveAnswered({ ephemeral: true, content: `<@${bob.id}> rolled a d20` });
    expect(outcome).toHaveAnswered({ content: /rolled/ });
    expect(outcome).not.toHaveAnswered({ ephemeral: false });
    expect(() => expect(outcome).toHaveAnswered({ content: "nope" })).toThrow(
      `expected /roll (used by alice) to have an answer { content: "nope" }, but it is answered with [ephemeral] "<@${bob.id}> rolled a d20"`,
    );
    // Only alice sees it: bob's history of the channel does not hold it.
    expect((await alice.history(world.channels.general)).map((m) => m.content)).toContain(
      `<@${bob.id}> rolled a d20`,
    );
    expect(await bob.history(world.channels.general)).toEqual([]);
    // The app's handle stands for its bot user.
    const forBot = await (
      await alice.use(world.channels.general, "/roll", { sides: 6, for: world.app })
    ).answered();
    expect(forBot).toHaveAnswered({ content: `<@${world.app.userId}> rolled a d6` });
    expect(world.interactions).toEqual([outcome, forBot]);
  });

  it("moves the 3-second window with the clock: unanswered after 3000 ms, in no real time", async () => {
    await using world = await createTestWorld({ people: ["alice"] });
    await rollBot(world);
    await world.app.connected({ commands: ["slow"] });
    const outcome = await world.people.alice.use(world.channels.general, "/slow");
    world.clock.advance(2999);
    expect(outcome.state).toBe("delivered");
    const waiting = outcome.answered();
    world.clock.advance(1);
    expect(outcome.state).toBe("unanswered");
    expect(outcome.notice).toBe("app_did_not_respond");
    expect(outcome).toBeUnanswered();
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAnsweredError);
    expect((error as NotAnsweredError).message).toBe(
      "/slow was not answered: the interaction is unanswered (notice app_did_not_respond)",
    );
    expect(() => expect(outcome).toHaveAnswered()).toThrow(
      "expected /slow (used by alice) to have an answer, but it is unanswered (notice app_did_not_respond) with no answer",
    );
  });

  it("tells a use of a bot that is not connected at once", async () => {
    await using world = await createTestWorld({ people: ["alice"] });
    const bot = await rollBot(world);
    await world.app.connected({ commands: ["roll"] });
    bot.close();
    await bot.closed;
    const outcome = await world.people.alice.use(world.channels.general, "roll", { sides: 6 });
    expect(outcome.state).toBe("not_delivered");
    expect(outcome.notice).toBe("app_not_connected");
    await expect(outcome.answered()).rejects.toThrow(
      "/roll was not answered: the interaction is not_delivered",
    );
  });

  it("fails a wait for an answer after its real-time bound, listing the states and messages seen", async () => {
    await using world = await createTestWorld({ people: ["alice"], timeoutMs: 150 });
    await rollBot(world);
    await world.app.connected({ commands: ["think"] });
    const outcome = await world.people.alice.use(world.channels.general, "/think");
    await outcome.settled();
    expect(outcome.state).toBe("thinking");
    const waiting = outcome.answered();
    await world.people.alice.say(world.channels.general, "hello?");
    const error = (await waiting.catch((e: unknown) => e)) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.message).toBe(
      "waited 150 ms for /think (used by alice in #general) to be answered; meanwhile:\n" +
        "  - the interaction went delivered → thinking\n" +
        '  - message #general alice: "hello?"',
    );
  });

  it("refuses a use the server refuses, with its status and code", async () => {
    await using world = await createTestWorld({
      people: ["alice"],
      everyone: ["view_channels", "send_messages"],
    });
    await rollBot(world);
    await world.app.connected({ commands: ["roll"] });
    await expect(world.people.alice.use(world.channels.general, "/roll", { sides: 6 })).rejects.toThrow(
      /answered 403 missing_permission.*use_application_commands/,
    );
    await expect(world.people.owner.use(world.channels.general, "/roll", { sides: 1 })).rejects.toThrow(
      /answered 400 invalid_options.*"options\.0\.value"/,
    );
    await expect(world.people.owner.use(world.channels.general, "/nothing")).rejects.toThrow(
      /404 unknown_command/,
    );
  });

  it("waits for the bot to connect, and says what is missing when it does not", async () => {
    await using world = await createTestWorld({ timeoutMs: 100 });
    await expect(world.app.connected({ commands: ["roll"] })).rejects.toThrow(
      "waited 100 ms for bot to connect with /roll; meanwhile:\n" +
        "  - the bot has no identified gateway connection\n" +
        "  - registered commands: none",
    );
  });
});
