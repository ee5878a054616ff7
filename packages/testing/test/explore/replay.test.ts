import { createBot, MemoryStore } from "@chatbot/framework";
import { ExplorationFailedError, explore, type ExploreOptions, replay } from "@chatbot/testing";
import { expect, it } from "vitest";
import { PlusOneCounter } from "./planted-bots.js";

const options: ExploreOptions<MemoryStore> = {
  store: () => new MemoryStore(),
  bot: (env) => createBot({ listeners: [PlusOneCounter], messageContent: true, ...env }),
  words: ["+1"],
  // The seed the planted counter test finds it with: a search of 20 new scenarios finds it 1 time in 3.
  seed: 48966271,
  invariants: {
    "each +1 counted once": async ({ store, posts }) => {
      const said = posts.filter((p) => !p.byBot && p.content === "+1").length;
      const counted = (await store.get<number>("plus-ones")) ?? 0;
      if (counted > said) return `${said} +1 said, ${counted} counted`;
    },
  },
};

const failure = (run: Promise<unknown>) =>
  run.then(
    () => undefined,
    (error: unknown) => error,
  );

it("replays a shrunk failure from its token: the same steps, failing again at least 9 times in 10", async () => {
  const found = await failure(explore(options));
  expect(found).toBeInstanceOf(ExplorationFailedError);
  const { replay: token, steps } = found as ExplorationFailedError;

  let again = 0;
  for (let i = 0; i < 10; i++) {
    const replayed = await failure(replay(token, options));
    if (!(replayed instanceof ExplorationFailedError)) continue;
    again++;
    // Exactly the shrunk scenario: its lines, not a new search.
    expect(replayed.steps).toEqual(steps);
    expect(replayed.replay).toBe(token);
  }
  console.log(`explore: the shrunk failure failed again ${again} times in 10`);
  expect(again).toBeGreaterThanOrEqual(9);
}, 240_000);

it("refuses a token that is not one", async () => {
  await expect(explore({ ...options, replay: "explore1:bm90IGpzb24" })).rejects.toThrow(/not a replay token/);
});
