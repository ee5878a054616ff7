import { createTestWorld } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import {
  createBot,
  defineConversation,
  EventContext,
  type EventPayload,
  Listener,
  type Message,
  On,
  OnSchedule,
  type RunNotice,
  Scheduler,
} from "../src/index.js";

@Listener()
class Watcher {
  @On("MESSAGE_CREATE")
  heard(message: Message) {
    if (message.content === "boom") throw new Error("boom");
  }

  @OnSchedule("tick")
  tick() {}
}

const ask = defineConversation({
  name: "ask",
  first: "one",
  steps: { one: { ask: "Yes?", answer: (_m, c) => c.end("Thanks.") } },
});

describe("createBot({ onRun })", () => {
  it("is told as each listener's run, each conversation answer and each job begins and ends", async () => {
    const world = await createTestWorld({
      people: ["ada"],
      app: { intents: ["guilds", "guild_messages", "message_content"] },
    });
    const notices: RunNotice[] = [];
    const bot = createBot({
      listeners: [Watcher],
      conversations: [ask],
      token: world.token,
      baseUrl: world.baseUrl,
      clock: world.clock,
      logger: "silent",
      onRun: (notice) => notices.push(notice),
    });
    await bot.start();
    world.onClose(() => bot.stop());
    const { ada } = world.people;
    const general = world.channels.general;

    const said = await ada.say(general, "hello");
    await bot.idle();
    await ask.start(
      new EventContext("MESSAGE_CREATE", said as EventPayload<"MESSAGE_CREATE">, "0", bot.container),
    );
    const question = await world.nextMessage(general, { from: world.app, matching: "Yes?" });
    const answer = await ada.say(general, "sure");
    const thanks = await world.nextMessage(general, { from: world.app, matching: "Thanks." });
    const boom = await ada.say(general, "boom");
    await bot.idle();
    await bot.container.resolve(Scheduler).schedule({ afterMs: 1_000 }, "tick", {});
    world.clock.advance(1_000);
    await expect.poll(() => notices.filter((n) => n.kind === "job").length).toBe(2);
    world.takeBotErrors();

    const plain = (n: RunNotice) =>
      `${n.phase} ${n.kind} ${n.handler} ${n.messageId ?? n.jobId ?? n.conversation} ${n.ending ?? n.threw}`;
    const job = notices.find((n) => n.kind === "job")!.jobId!;
    expect(notices.map(plain)).toEqual([
      `begin listener Watcher.heard ${said.id} false`,
      `end listener Watcher.heard ${said.id} false`,
      // The conversation begins (its id: the message that started it), asks, takes the answer, ends.
      `begin conversation conversation "ask" ${said.id} false`,
      // The listener hears the bot's own messages too.
      `begin listener Watcher.heard ${question.id} false`,
      `end listener Watcher.heard ${question.id} false`,
      `begin answer conversation "ask" step "one" ${answer.id} false`,
      `end answer conversation "ask" step "one" ${answer.id} false`,
      `end conversation conversation "ask" ${said.id} done`,
      `begin listener Watcher.heard ${thanks.id} false`,
      `end listener Watcher.heard ${thanks.id} false`,
      `begin listener Watcher.heard ${boom.id} false`,
      `end listener Watcher.heard ${boom.id} true`,
      `begin job Watcher.tick ${job} false`,
      `end job Watcher.tick ${job} false`,
    ]);
    expect(notices.every((n) => !n.redelivered)).toBe(true);
    expect(notices[0]).toMatchObject({ event: "MESSAGE_CREATE", jobId: null, conversation: null });
    // A step's answer names its conversation.
    expect(notices.find((n) => n.kind === "answer")).toMatchObject({
      conversation: said.id,
      messageId: answer.id,
    });
  });
});
