// The framework's own conversations under `explore`: a three-step conversation started by a slash
// command, with a timeout and end texts, beside a listener of plain messages. The invariant reads
// each person's transcript in each channel as people see it (what the bot posted, what the person
// said, the command's answers) and checks the exactly-once guarantees of docs/conversations.md and
// docs/framework.md ("Drops and recovery"): each question and each ending posted once, in order,
// exactly one ending per conversation that began, never "You are in the middle" of a conversation
// whose first question was never seen, no answer handed to the listener, no plain message handled
// again after its handler finished. Run on the framework before the exactly-once fixes (issue 50,
// commit d441fb0), with 100 scenarios and new seeds, it finds a refusal "You are in the middle" of a
// conversation whose first question never came, a timeout for a question that never came, and a
// timeout that never fired, each shrunk to 2 to 4 drawn steps (issue 51, point 5).
import {
  Command,
  CommandContext,
  createBot,
  defineConversation,
  type EventPayload,
  Listener,
  MemoryStore,
  On,
  RestClient,
  StateStore,
} from "@chatbot/framework";
import { explore, type ExploreView } from "@chatbot/testing";
import { expect, it } from "vitest";

/** What one scenario's listener saw, shared by the bot's processes (one per incarnation). */
interface Run {
  /** Message id → the process whose handler finished it. */
  readonly finished: Map<string, number>;
  /** Messages whose handler finished in a process that was then seen idle and alive. */
  readonly settled: Set<string>;
  /** What broke "no finished plain message handled twice". */
  readonly again: string[];
}

/** The scenario and process a listener belongs to (a provider of each process). */
class Process {
  constructor(
    readonly run: Run,
    readonly n: number,
  ) {}
}

const runs = new WeakMap<object, Run>();
const processOf = new WeakMap<object, number>();
let current: Run | undefined;

const survey = defineConversation<Record<string, string>, "q1" | "q2" | "q3">({
  name: "survey",
  first: "q1",
  timeout: "1m",
  onTimeout: (c) => `<@${c.userId}> survey timed out at ${c.step}`,
  onCancel: (c) => `<@${c.userId}> survey cancelled at ${c.step}`,
  steps: {
    q1: { ask: (c) => `<@${c.userId}> survey q1: your name?`, answer: (_m, c) => c.next("q2") },
    q2: { ask: (c) => `<@${c.userId}> survey q2: your colour?`, answer: (_m, c) => c.next("q3") },
    q3: {
      ask: (c) => `<@${c.userId}> survey q3: your pet?`,
      answer: (_m, c) => c.end(`<@${c.userId}> survey done`),
    },
  },
});

@Command({ name: "survey", description: "Three questions" })
class SurveyCommand {
  async run(ctx: CommandContext) {
    await survey.start(ctx);
  }
}

/** Hears every person's plain message: notes it in the store, says so, and marks it finished. */
@Listener()
class PlainMessages {
  constructor(
    private readonly store: StateStore,
    private readonly rest: RestClient,
    private readonly process: Process,
  ) {}

  @On("MESSAGE_CREATE")
  async heard(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.author.bot) return;
    const { run, n } = this.process;
    const earlier = run.finished.get(message.id);
    if (run.settled.has(message.id))
      run.again.push(
        `the plain message ${JSON.stringify(message.content.slice(0, 24))} (${message.id}) was handled ` +
          `again by process ${n}, though its handler had finished in process ${earlier}`,
      );
    await this.store.update<string[]>("plain:handled", (ids = []) => [...ids, message.id]);
    await this.rest.createMessage(message.channel_id, { content: "noted" });
    run.finished.set(message.id, n);
  }
}

type Text = "q1" | "q2" | "q3" | "done" | "timeout" | "cancel" | "busy";
type Event =
  | {
      readonly id: bigint;
      readonly kind: "text";
      readonly text: Text;
      readonly at?: string | undefined;
      readonly step: number;
      /** (A refusal) whether an earlier use here may still bring its first question. */
      readonly pending?: () => boolean;
    }
  | { readonly id: bigint; readonly kind: "said"; readonly messageId: string; readonly step: number };

const TEXT = /^<@(\d+)> survey (q1|q2|q3|done|timed out at (q\d)|cancelled at (q\d))/;

/** A person's conversations in one channel, as they saw them. */
interface Seen {
  /** The questions of the conversation going on (none: no conversation seen going on). */
  open: ("q1" | "q2" | "q3")[] | undefined;
  /** What the person said since its last question. */
  said: string[];
  /** Whether a conversation of this person here ended. */
  ended: boolean;
}

/**
 * Reads every transcript: answers what broke, or nothing; `answers` gets the ids of the messages
 * the conversations took (said while one was going on).
 */
function transcripts(view: ExploreView<MemoryStore>, answers: Set<string>): string | undefined {
  const byPlace = new Map<string, Event[]>();
  const add = (place: string, event: Event) => {
    const list = byPlace.get(place) ?? [];
    list.push(event);
    byPlace.set(place, list);
  };
  const seenIds = new Set<string>();
  for (const post of view.posts) {
    seenIds.add(post.id);
    if (!post.byBot) {
      add(`${post.channelId}:${post.authorId}`, {
        id: BigInt(post.id),
        kind: "said",
        messageId: post.id,
        step: post.step,
      });
      continue;
    }
    const m = TEXT.exec(post.content);
    if (!m) continue;
    const word = m[2]!;
    const text: Text = word.startsWith("timed")
      ? "timeout"
      : word.startsWith("cancelled")
        ? "cancel"
        : (word as Text);
    add(`${post.channelId}:${m[1]}`, {
      id: BigInt(post.id),
      kind: "text",
      text,
      at: m[3] ?? m[4],
      step: post.step,
    });
  }
  // The command's answers (the first question, the refusal), which are not posts of the channel.
  for (const use of view.uses) {
    // `user` is the person's name in the world.
    const person = (view.world.people as Record<string, { id: string }>)[use.outcome.user];
    const place = `${use.outcome.channelId}:${person?.id ?? use.outcome.user}`;
    for (const answer of use.outcome.answers) {
      if (seenIds.has(answer.id)) continue;
      const id = BigInt(answer.id);
      if (answer.content.startsWith('You are in the middle of "survey"')) {
        const earlier = view.uses.filter(
          (u) =>
            u.step < use.step &&
            u.outcome.channelId === use.outcome.channelId &&
            u.outcome.user === use.outcome.user,
        );
        const pending = () =>
          earlier.some(
            (u) =>
              (!view.final && (u.outcome.state === "delivered" || u.outcome.state === "thinking")) ||
              u.outcome.answers.some((a) => BigInt(a.id) > id && TEXT.exec(a.content)?.[2] === "q1"),
          );
        add(place, { id, kind: "text", text: "busy", step: use.step, pending });
      } else if (TEXT.exec(answer.content)?.[2] === "q1")
        add(place, { id, kind: "text", text: "q1", step: use.step });
    }
  }
  for (const [place, events] of byPlace) {
    events.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const who = `<@${place.split(":")[1]}> in <#${place.split(":")[0]}>`;
    const seen: Seen = { open: undefined, said: [], ended: false };
    for (const e of events) {
      const when = `(drawn step ${e.step})`;
      if (e.kind === "said") {
        if (seen.open) {
          seen.said.push(e.messageId);
          answers.add(e.messageId);
        }
        continue;
      }
      const open = seen.open;
      const last = open?.at(-1);
      switch (e.text) {
        case "q1":
          if (open)
            return `${who}: a new survey began ${when} while the one that asked ${open.join(", ")} had not ended${
              last === "q3" && seen.said.length > 0
                ? " (its last answer was taken, and no end text came)"
                : ""
            }`;
          seen.open = ["q1"];
          seen.said = [];
          break;
        case "q2":
        case "q3": {
          const before = e.text === "q2" ? "q1" : "q2";
          if (!open) return `${who}: ${e.text} posted ${when} in no survey seen going on (its q1 never came)`;
          if (open.includes(e.text)) return `${who}: ${e.text} posted twice ${when}`;
          if (last !== before) return `${who}: ${e.text} posted ${when} after ${last}: ${before} never came`;
          if (seen.said.length === 0) return `${who}: ${e.text} posted ${when} with no answer to ${last}`;
          open.push(e.text);
          seen.said = [];
          break;
        }
        case "done":
        case "timeout":
        case "cancel": {
          const ending =
            e.text === "done"
              ? "its end text"
              : e.text === "timeout"
                ? `a timeout at ${e.at}`
                : `a cancel at ${e.at}`;
          if (!open)
            return seen.ended
              ? `${who}: ${ending} posted ${when} for a survey that had already ended`
              : `${who}: ${ending} posted ${when} for a survey whose first question never came`;
          if (e.text === "done" && last !== "q3") return `${who}: the end text posted ${when} after ${last}`;
          if (e.text !== "done" && e.at !== last)
            return `${who}: ${ending} posted ${when}, but the questions seen were ${open.join(", ")}: ${e.at} never came`;
          seen.open = undefined;
          seen.ended = true;
          break;
        }
        case "busy":
          // Fair while an earlier use's first question is still on its way (a call held by a
          // fault): it may come later. At the end every use has its answer, or never will.
          if (!open && !(e.pending?.() ?? false))
            return `${who}: told "You are in the middle of "survey"" ${when}, though no survey was seen going on (its first question never came)`;
          break;
      }
    }
    if (view.final && seen.open) {
      const last = seen.open.at(-1);
      return seen.said.length > 0
        ? `${who}: ${last} answered, then nothing: ${last === "q3" ? "no end text" : "neither the next question nor an ending"} by the end`
        : `${who}: ${last} never answered, and its timeout never fired by the end`;
    }
  }
}

it("ends each conversation exactly once, and hands no answer or finished message to the listener again", async () => {
  // A fixed seed keeps `npm test` stable; CHATBOT_EXPLORE_SEED=random (or a number) explores others.
  const chosen = process.env.CHATBOT_EXPLORE_SEED;
  const report = await explore({
    ...(chosen === "random" ? {} : { seed: chosen ? Number(chosen) : 20261129 }),
    store: () => {
      const store = new MemoryStore();
      current = { finished: new Map(), settled: new Set(), again: [] };
      runs.set(store, current);
      return store;
    },
    bot: (env) => {
      const bot = createBot({
        messageContent: true,
        commands: [SurveyCommand],
        conversations: [survey],
        listeners: [PlainMessages],
        providers: [{ provide: Process, useValue: new Process(current!, env.incarnation) }],
        ...env,
        // Commands are registered by the first process only: a later one would start by calling
        // /v1/applications, where a latency fault drawn earlier holds it until the clock moves,
        // and the clock does not move while explore waits for a start.
        sync: env.incarnation === 1,
      });
      processOf.set(bot, env.incarnation);
      return bot;
    },
    words: ["cancel", "blue", "a cat"],
    // People, the clock, faults and crashes: a channel hidden or deleted under a conversation
    // silences it for good (the bot may not post there), which is not what this test is about.
    weights: { world: 0, away: 0, react: 0 },
    // A record left in the store past its time is what this invariant sees as people do (a
    // question whose timeout never came, a refusal for a conversation never seen), named so.
    skip: ["every conversation ended, none stranded"],
    invariants: {
      "each conversation's texts posted once, one ending each": async (view) => {
        const answers = new Set<string>();
        const broke = transcripts(view, answers);
        if (broke) return broke;
        const handled = (await view.store.get<string[]>("plain:handled")) ?? [];
        const given = handled.find((id) => answers.has(id));
        if (given) {
          const post = view.posts.find((p) => p.id === given);
          return `the answer ${JSON.stringify(post?.content.slice(0, 24))} (${given}) was handed to the listener`;
        }
      },
      "no finished plain message handled twice": (view) => {
        const run = runs.get(view.store)!;
        if (run.again.length > 0) return run.again[0];
        // The running process is idle and alive: what it finished is finished for good.
        const n = processOf.get(view.bot);
        for (const [id, by] of run.finished) if (by === n) run.settled.add(id);
      },
    },
  });
  expect(report.scenarios).toBeGreaterThan(0);
}, 600_000);
