// The kill -9 probe's bot parts (test-support/conversation-probe.ts), shared by the framework's
// process fixture and the cluster's bot module: `/survey tag:<t>` starts a three-step conversation
// whose every text names its tag; only a message starting "answer " answers; step "b" sends a
// "... bad" one back with `again`; PROBE_TIMEOUT (default 4s) ends one with no answer. A listener
// of plain messages appends "<pid> begin <id>" and "<pid> end <id>" to PROBE_JOURNAL around a
// short wait, and "<pid> answer <id> <content>" for any answer it is handed (only one that came
// after its conversation's deadline may be).
import { appendFileSync } from "node:fs";
import { Command, defineConversation, On, Option } from "@chatbot/framework";

const env = process.env;
const journal = (line) => appendFileSync(env.PROBE_JOURNAL, `${process.pid} ${line}\n`);

const ask = (step) => (c) => `[${c.data.tag}] question ${step}`;
const survey = defineConversation({
  name: "survey",
  first: "a",
  timeout: env.PROBE_TIMEOUT ?? "4s",
  onTimeout: (c) => `[${c.data.tag}] timed out at ${c.step}`,
  steps: {
    a: { ask: ask("a"), matching: /^answer /, answer: (m, c) => c.next("b", { a: m.content }) },
    b: {
      ask: ask("b"),
      matching: /^answer /,
      answer: (m, c) =>
        m.content.endsWith(" bad") ? c.again(`[${c.data.tag}] again ${c.tries + 1}`) : c.next("c"),
    },
    c: { ask: ask("c"), matching: /^answer /, answer: (m, c) => c.end(`[${c.data.tag}] done`) },
  },
});

class Survey {
  async run(ctx, tag) {
    await survey.start(ctx, { tag });
  }
}
Command({ name: "survey", description: "Three questions" })(Survey);
Option.string("tag", "The survey's tag")(Survey.prototype, "run", 1);

class Plain {
  async heard(message) {
    if (message.content.startsWith("answer ")) journal(`answer ${message.id} ${message.content}`);
    if (!message.content.startsWith("plain ")) return;
    journal(`begin ${message.id}`);
    await new Promise((resolve) => setTimeout(resolve, Number(message.content.split(" ")[2] ?? 0)));
    journal(`end ${message.id}`);
  }
}
On("MESSAGE_CREATE")(Plain.prototype, "heard", Object.getOwnPropertyDescriptor(Plain.prototype, "heard"));

/** The probe bot's commands, listeners and conversations, for `createBot` or `defineBot`. */
export const probeParts = { commands: [Survey], listeners: [Plain], conversations: [survey] };
