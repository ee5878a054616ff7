import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBot, type StateStore, SqliteStore } from "@chatbot/framework";
import { createTestWorld, type TestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { afterAll, expect, it } from "vitest";
import polls from "../src/bot.js";
import { PollBook } from "../src/poll-book.js";

const dir = mkdtempSync(join(tmpdir(), "polls-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A world with the poll bot connected and `/poll` registered. */
async function worldWithBot() {
  // The bot adds two reactions in a row, and the service allows one per 250 ms in a channel. The
  // world's rate-limit windows run on its clock, which moves only when the test moves it, so here
  // the limits are off; the 10-minute closing below still runs on that clock.
  const world = await createTestWorld({ people: ["ada", "bob", "cy"], rateLimits: false });
  return { world, ...(await startBot(world)) };
}

/** Starts the poll bot in `world` (its state in `store`, else in memory); stopped with the world. */
async function startBot(world: TestWorld, store?: StateStore) {
  const bot = createBot({
    ...polls,
    ...(store && { store }),
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    // A handler that throws fails the test, listed in any wait that times out.
    onError: world.onBotError,
  });
  await bot.start();
  world.onClose(() => bot.stop());
  await world.app.connected({ commands: ["poll"] });
  return { bot, book: bot.container.resolve(PollBook) };
}

it("opens a poll, counts people's reactions but not its own, and posts the result when time is up", async () => {
  const { world, book } = await worldWithBot();
  await using _ = world;
  const { ada, bob, cy } = world.people;
  const general = world.channels.general;

  const outcome = await ada.use(general, "/poll", { question: "Pizza on Friday?", minutes: 10 });
  expect(await outcome.answered()).toHaveAnswered({ ephemeral: true, content: "Poll opened for 10 min." });
  const poll = await world.nextMessage(general, { from: world.app, matching: /Pizza on Friday\?/ });
  expect(poll.content).toBe("📊 Pizza on Friday?\nReact with 👍 or 👎. Closes in 10 min.");
  await expect.poll(() => book.tally(poll.id)).toEqual({ "👍": 0, "👎": 0 });

  await bob.react(poll, "👍");
  await cy.react(poll, "👍");
  await ada.react(poll, "👎");
  await ada.react(poll, "🎉"); // not an answer
  await expect.poll(() => book.tally(poll.id)).toEqual({ "👍": 2, "👎": 1 });
  await cy.unreact(poll, "👍");
  await expect.poll(() => book.tally(poll.id)).toEqual({ "👍": 1, "👎": 1 });

  world.clock.advance(9 * 60_000);
  expect(await book.tally(poll.id)).toBeDefined(); // still open after 9 of its 10 minutes
  world.clock.advance(60_000);
  const result = await world.nextMessage(general, { from: world.app, matching: /^Poll closed/ });
  expect(result.content).toBe("Poll closed: Pizza on Friday? 👍 1 · 👎 1");
  expect(await book.tally(poll.id)).toBeUndefined();
});

it("keeps a poll open across a restart of the bot, and closes it once", async () => {
  await using world = await createTestWorld({ people: ["ada", "bob", "cy"], rateLimits: false });
  const path = join(dir, "restart.db");
  const general = world.channels.general;
  const first = await startBot(world, new SqliteStore({ path, clock: world.clock }));
  await (await world.people.ada.use(general, "/poll", { question: "Tea?", minutes: 10 })).answered();
  const poll = await world.nextMessage(general, { from: world.app, matching: /Tea\?/ });
  await world.people.bob.react(poll, "👍");
  await expect.poll(() => first.book.tally(poll.id)).toEqual({ "👍": 1, "👎": 0 });
  await first.bot.stop();
  await first.bot.store.close();

  // A new bot process on the same file (a restart, a deploy): the poll is still open.
  const second = await startBot(world, new SqliteStore({ path, clock: world.clock }));
  world.onClose(() => second.bot.store.close());
  await world.people.cy.react(poll, "👍");
  await expect.poll(() => second.book.tally(poll.id)).toEqual({ "👍": 2, "👎": 0 });
  world.clock.advance(10 * 60_000);
  const result = await world.nextMessage(general, { from: world.app, matching: /^Poll closed/ });
  expect(result.content).toBe("Poll closed: Tea? 👍 2 · 👎 0");
  await expect(world.nextMessage(general, { from: world.app, timeoutMs: 300 })).rejects.toThrow();
});

it("refuses a poll longer than a day before it reaches the bot", async () => {
  const { world } = await worldWithBot();
  await using _ = world;
  await expect(
    world.people.ada.use(world.channels.general, "/poll", { question: "Too long?", minutes: 2_000 }),
  ).rejects.toThrow(/400 invalid_options/);
});
