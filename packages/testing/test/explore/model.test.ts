import { createBot, MemoryStore } from "@chatbot/framework";
import { ExplorationFailedError, explore, type ScenarioEvent } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import { NoteCommand, PlusOneCounter } from "./planted-bots.js";

describe("explore({ model })", () => {
  it("finds a counter that counts a redelivered message twice, by a model of what people said", async () => {
    const failed = await explore({
      seed: 48966271,
      store: () => new MemoryStore(),
      bot: (env) => createBot({ messageContent: true, listeners: [PlusOneCounter], ...env }),
      words: ["+1"],
      model: {
        init: () => ({ said: 0 }),
        next: (model, event) => {
          if (event.kind === "say" && event.text === "+1") model.said++;
        },
        check: async (model, view) => {
          const counted = (await view.store.get<number>("plus-ones")) ?? 0;
          if (counted > model.said) return `${model.said} +1 said, ${counted} counted`;
        },
      },
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ExplorationFailedError);
    const error = failed as ExplorationFailedError;
    expect(error.invariant).toBe("the model");
    expect(error.broke).toMatch(/^\d+ \+1 said, \d+ counted$/);
    expect(error.size).toBeLessThanOrEqual(6);
    expect(error.steps.join("\n")).toMatch(/crash/);
  }, 240_000);

  it("tells the model what each step did, as the world saw it, in order", async () => {
    const kinds = new Set<string>();
    const report = await explore({
      seed: 7,
      runs: 8,
      store: () => new MemoryStore(),
      bot: (env) => createBot({ messageContent: true, commands: [NoteCommand], ...env }),
      // The planted throw on the longest note is not what this test is about.
      expectError: (error) => String(error).includes("at most 99 characters"),
      model: {
        init: () => [] as ScenarioEvent[],
        next: (model, event) => [...model, event],
        check: (model, view) => {
          expect(model).toEqual(view.events);
          for (const event of model) {
            kinds.add(event.kind);
            if (event.kind === "say") {
              const post = view.posts.find((p) => p.id === event.messageId);
              if (post?.content !== event.text) return `said ${event.messageId} is not posted as such`;
            }
            if (event.kind === "use" && !view.uses.some((u) => u.outcome === event.outcome))
              return `the use of /${event.command} is not among the uses`;
          }
        },
      },
    });
    expect(report.scenarios).toBeGreaterThan(0);
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["clock", "crash", "say", "use", "world"]));
  }, 240_000);
});
