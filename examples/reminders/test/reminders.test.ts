import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBot, SqliteStore } from "@chatbot/framework";
import { createTestWorld, type TestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { afterAll, expect, it } from "vitest";
import reminders from "../src/bot.js";

const dir = mkdtempSync(join(tmpdir(), "reminders-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the bot in `world`, its state in the SQLite file `file`; answers the bot and its store. */
async function startBot(world: TestWorld, file: string) {
  const store = new SqliteStore({ path: file, clock: world.clock });
  const bot = createBot({
    ...reminders,
    store,
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    // A handler that throws fails the test, listed in any wait that times out.
    onError: world.onBotError,
  });
  await bot.start();
  await world.app.connected({ commands: ["remind"] });
  return {
    store,
    stop: async () => {
      await bot.stop();
      await store.close();
    },
  };
}

it("answers at once, and posts the reminder when it is due on the clock", async () => {
  await using world = await createTestWorld({ people: ["ada"] });
  const bot = await startBot(world, join(dir, "once.db"));
  world.onClose(bot.stop);
  const { ada } = world.people;

  const outcome = await ada.use(world.channels.general, "/remind", { minutes: 10, text: "stretch" });
  expect(await outcome.answered()).toHaveAnswered({ ephemeral: true, content: "I'll remind you in 10 min." });
  world.clock.advance(10 * 60_000);
  const posted = await world.nextMessage(world.channels.general, { from: world.app });
  expect(posted.content).toBe(`${ada} reminder: stretch`);
  // Posted, then gone from the store.
  await expect.poll(() => bot.store.jobs.list()).toEqual([]);
});

it("keeps its reminders across a restart, and posts each once", async () => {
  await using world = await createTestWorld({ people: ["ada"] });
  const file = join(dir, "restart.db");
  const first = await startBot(world, file);
  const outcome = await world.people.ada.use(world.channels.general, "/remind", {
    minutes: 30,
    text: "water the plants",
  });
  await outcome.answered();
  await first.stop();

  const second = await startBot(world, file);
  world.onClose(second.stop);
  expect(await second.store.jobs.list()).toMatchObject([
    {
      name: "reminder",
      payload: JSON.stringify({
        userId: world.people.ada.id,
        channelId: world.channels.general.id,
        text: "water the plants",
      }),
    },
  ]);
  world.clock.advance(30 * 60_000);
  const posted = await world.nextMessage(world.channels.general, { from: world.app });
  expect(posted.content).toBe(`${world.people.ada} reminder: water the plants`);
  await expect(
    world.nextMessage(world.channels.general, { from: world.app, timeoutMs: 300 }),
  ).rejects.toThrow();
});
