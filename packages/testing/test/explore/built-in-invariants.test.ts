import {
  Clock,
  Command,
  CommandContext,
  createBot,
  type EventPayload,
  Listener,
  MemoryStore,
  On,
  OnSchedule,
  Scheduler,
  type StateStore,
} from "@chatbot/framework";
import { ExplorationFailedError, explore, type ExploreOptions } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import { endedTwice, type Run } from "../../src/explore/runs.js";

// The built-in invariants on what the framework runs ("no finished message handled again", "every
// job run once") are shown to catch a framework that forgets what finished: the bot is correct, and
// its store is wrapped to drop what the framework keeps of finished messages and jobs.

/** A message "wait" holds its channel's cursor for ten minutes of the bot's clock; "+1" only runs. */
@Listener()
class Waiter {
  constructor(private readonly clock: Clock) {}

  @On("MESSAGE_CREATE")
  async heard(message: EventPayload<"MESSAGE_CREATE">) {
    if (message.content === "wait") await new Promise<void>((done) => this.clock.setTimer(600_000, done));
  }
}

/** `/later` schedules a job a minute on, which does nothing (correct, whether it runs once or again). */
@Command({ name: "later", description: "Does nothing in a minute" })
class LaterCommand {
  async run(ctx: CommandContext) {
    await ctx.resolve(Scheduler).schedule({ afterMs: 60_000 }, "tick", {});
    await ctx.reply({ content: "In a minute.", ephemeral: true });
  }
}

@Listener()
class Ticks {
  @OnSchedule("tick")
  tick() {}
}

/** `store`, with the messages a channel's cursor keeps as finished past it dropped on each write. */
function forgettingFinished(store: StateStore): StateStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== "set") return Reflect.get(target, property, receiver) as unknown;
      return (key: string, value: unknown, options?: unknown) => {
        if (key.startsWith("chatbot:gateway:cursor:") && typeof value === "object" && value !== null) {
          const { f: _finished, ...kept } = value as { f?: unknown };
          value = kept;
        }
        return target.set(key, value, options as never);
      };
    },
  });
}

/** `store`, whose jobs queue takes no job's end: a finished job is claimed again when its claim lapses. */
function forgettingJobsDone(store: StateStore): StateStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== "jobs") return value;
      return new Proxy(value as object, {
        get(jobs, name, r) {
          if (name === "complete") return () => Promise.resolve();
          return Reflect.get(jobs, name, r) as unknown;
        },
      });
    },
  });
}

type Options = Partial<ExploreOptions<MemoryStore>>;

async function outcomeOf(seed: number, parts: object, wrap: (s: StateStore) => StateStore, options: Options) {
  return explore<MemoryStore>({
    seed,
    store: () => new MemoryStore(),
    bot: (env) => createBot({ messageContent: true, ...parts, ...env, store: wrap(env.store) }),
    ...options,
  }).then(
    (report) => report,
    (error: unknown) => error,
  );
}

describe("explore's invariants on what the framework runs", () => {
  it("finds a message handled again after it finished, when the framework forgets what finished", async () => {
    const options: Options = { words: ["wait", "+1"] };
    const failed = await outcomeOf(1, { listeners: [Waiter] }, forgettingFinished, options);
    expect(failed).toBeInstanceOf(ExplorationFailedError);
    const error = failed as ExplorationFailedError;
    expect(error.invariant).toBe("no finished message handled again");
    expect(error.broke).toMatch(/Waiter\.heard on message \d+ ran again .* after it finished in process 1/);
    expect(error.steps.join("\n")).toMatch(/crash/);
    expect(error.size).toBeLessThanOrEqual(6);
    // The same bot on the store as it is: nothing runs again.
    const passed = await outcomeOf(1, { listeners: [Waiter] }, (s) => s, options);
    expect(passed).not.toBeInstanceOf(Error);
  }, 240_000);

  it("finds a job run again after it finished, when the store forgets the job's end", async () => {
    const parts = { commands: [LaterCommand], listeners: [Ticks] };
    const failed = await outcomeOf(1, parts, forgettingJobsDone, {
      weights: { clock: 4, crash: 4 },
    });
    expect(failed).toBeInstanceOf(ExplorationFailedError);
    const error = failed as ExplorationFailedError;
    expect(error.invariant).toBe("every job run once");
    expect(error.broke).toMatch(/the job Ticks\.tick \(.+\) ran again .* after it finished/);
    expect(error.size).toBeLessThanOrEqual(6);
  }, 240_000);
});

describe("a conversation ended twice", () => {
  const notice = (
    step: number,
    process: number,
    ending: string | null,
    phase: "begin" | "end" = "end",
  ): Run => ({
    phase,
    kind: "conversation",
    handler: 'conversation "ask"',
    event: null,
    messageId: null,
    jobId: null,
    conversation: "100",
    ending,
    redelivered: false,
    threw: false,
    process,
    step,
    finished: false,
  });

  it("is found from the framework's notices: two ends of one conversation, whichever processes wrote them", () => {
    const runs = [notice(1, 1, null, "begin"), notice(2, 1, "done"), notice(4, 2, "timeout")];
    expect(endedTwice(runs)).toBe(
      'the conversation "ask" started by 100 ended twice: done (step 2, process 1), then timeout (step 4, process 2)',
    );
    expect(endedTwice(runs.slice(0, 2))).toBeUndefined();
    // Another conversation in the same place (another id) ends on its own.
    expect(
      endedTwice([...runs.slice(0, 2), { ...notice(4, 2, "timeout"), conversation: "200" }]),
    ).toBeUndefined();
  });
});
