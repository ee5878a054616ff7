import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBot } from "@chatbot/framework";
import { createTestWorld, type TestWorld } from "@chatbot/testing";
import "@chatbot/testing/vitest";
import { afterAll, expect, it } from "vitest";
import reminders from "../src/bot.js";
import { ReminderConfig } from "../src/reminder-config.js";

const dir = mkdtempSync(join(tmpdir(), "reminders-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the bot in `world`, keeping its reminders in `file`; answers the function that stops it. */
async function startBot(world: TestWorld, file: string) {
  const bot = createBot({
    ...reminders,
    providers: [{ provide: ReminderConfig, useValue: new ReminderConfig(file) }],
    token: world.token,
    baseUrl: world.baseUrl,
    clock: world.clock,
    logger: "silent",
    // A handler that throws fails the test, listed in any wait that times out.
    onError: world.onBotError,
  });
  await bot.start();
  await world.app.connected({ commands: ["remind"] });
  return () => bot.stop();
}

it("answers at once, and posts the reminder when it is due on the clock", async () => {
  await using world = await createTestWorld({ people: ["ada"] });
  world.onClose(await startBot(world, join(dir, "once.json")));
  const { ada } = world.people;

  const outcome = await ada.use(world.channels.general, "/remind", { minutes: 10, text: "stretch" });
  expect(await outcome.answered()).toHaveAnswered({ ephemeral: true, content: "I'll remind you in 10 min." });
  world.clock.advance(10 * 60_000);
  const posted = await world.nextMessage(world.channels.general, { from: world.app });
  expect(posted.content).toBe(`${ada} reminder: stretch`);
  // Posted, then crossed off in the file.
  await expect.poll(() => JSON.parse(readFileSync(join(dir, "once.json"), "utf8"))).toEqual([]);
});

it("keeps its reminders across a restart, and posts each once", async () => {
  await using world = await createTestWorld({ people: ["ada"] });
  const file = join(dir, "restart.json");
  const stopFirst = await startBot(world, file);
  const outcome = await world.people.ada.use(world.channels.general, "/remind", {
    minutes: 30,
    text: "water the plants",
  });
  await outcome.answered();
  await stopFirst();
  expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject([{ text: "water the plants" }]);

  world.onClose(await startBot(world, file));
  world.clock.advance(30 * 60_000);
  const posted = await world.nextMessage(world.channels.general, { from: world.app });
  expect(posted.content).toBe(`${world.people.ada} reminder: water the plants`);
  await expect(
    world.nextMessage(world.channels.general, { from: world.app, timeoutMs: 300 }),
  ).rejects.toThrow();
});
