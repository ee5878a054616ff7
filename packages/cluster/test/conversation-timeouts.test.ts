import {
  Command,
  CommandContext,
  CONVERSATION_KEY_PREFIX,
  CONVERSATION_TIMEOUT_JOB,
  createBot,
  defineConversation,
} from "@chatbot/framework";
import { createTestWorld } from "@chatbot/testing";
import { expect, it } from "vitest";
import { RedisStore } from "../src/index.js";
import { redisPerFile } from "./redis-per-file.js";

// A process killed between a conversation's new record and its timeout job leaves, on Redis (a
// store the cluster's processes share), a record that no job would end. The next process to start
// sets the job again from the record.

const server = redisPerFile();

const ask = defineConversation({
  name: "ask",
  first: "one",
  timeout: "10m",
  onTimeout: "Nobody answered.",
  steps: { one: { ask: "Anything to add?", answer: (_m, c) => c.end("Thanks.") } },
});

@Command({ name: "ask", description: "Asks one question" })
class AskCommand {
  async run(ctx: CommandContext) {
    await ask.start(ctx);
  }
}

it("a record read back on Redis without its timeout job gets it again, and times out", async () => {
  const world = await createTestWorld({ people: ["ada"] });
  const store = () => new RedisStore(server.connect(), { prefix: "timeouts", clock: world.clock });
  const bot = (s: RedisStore) =>
    createBot({
      commands: [AskCommand],
      conversations: [ask],
      token: world.token,
      baseUrl: world.baseUrl,
      clock: world.clock,
      store: s,
      logger: "silent",
      onError: world.onBotError,
    });
  const first = bot(store());
  await first.start();
  await world.app.connected({ commands: ["ask"] });
  await (await world.people.ada.use(world.channels.general, "/ask")).answered();
  // The kill's window: the record is written, its job is not.
  const shared = store();
  const [record] = await shared.list(CONVERSATION_KEY_PREFIX);
  expect(record).toBeDefined();
  expect(await shared.jobs.cancel(record!.key)).toBe(true);
  await first.stop();

  const second = bot(shared);
  await second.start();
  world.onClose(() => second.stop());
  expect((await shared.jobs.list()).map((j) => [j.name, j.key])).toEqual([
    [CONVERSATION_TIMEOUT_JOB, record!.key],
  ]);
  await world.clock.advance("10m");
  await world.nextMessage(world.channels.general, { from: world.app, matching: "Nobody answered." });
  await world.close();
}, 60_000);
