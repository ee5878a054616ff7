import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "@chatbot/testing/vitest";
import { afterAll, expect, it } from "vitest";
import {
  Command,
  CommandContext,
  cooldown,
  MemoryStore,
  SqliteStore,
  StateStore,
  UseMiddleware,
} from "../src/index.js";
import { startedBot, world } from "./support.js";

const dir = mkdtempSync(join(tmpdir(), "store-clock-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

@Command({ name: "remember", description: "Remembers a word for a minute" })
class Remember {
  constructor(private readonly store: StateStore) {}
  async run(ctx: CommandContext) {
    await this.store.set("word", "tea", { ttlMs: 60_000 });
    await ctx.reply("remembered");
  }
}

@Command({ name: "recall", description: "Says the word, if still remembered" })
class Recall {
  constructor(private readonly store: StateStore) {}
  async run(ctx: CommandContext) {
    await ctx.reply(`word: ${(await this.store.get<string>("word")) ?? "forgotten"}`);
  }
}

@Command({ name: "hug", description: "Once every 200 ms per person" })
@UseMiddleware(cooldown({ per: "user", ms: 200 }))
class Hug {
  async run(ctx: CommandContext) {
    await ctx.reply("hug!");
  }
}

it("a SqliteStore made without a clock forgets a value when the world's clock passes its time to live", async () => {
  const w = await world({ people: ["ada"] });
  const store = new SqliteStore({ path: join(dir, "ttl.db") });
  await startedBot(w, { commands: [Remember, Recall], store });
  const use = async (name: string) => (await w.people.ada.use(w.channels.general, name)).answered();

  await use("/remember");
  expect(await use("/recall")).toHaveAnswered({ content: "word: tea" });
  await w.clock.advance(59_999);
  expect(await use("/recall")).toHaveAnswered({ content: "word: tea" });
  await w.clock.advance(1);
  expect(await use("/recall")).toHaveAnswered({ content: "word: forgotten" });
  await store.close();
});

it("a cooldown kept in a SqliteStore made without a clock ends when the world's clock moves, not in real time", async () => {
  const w = await world({ people: ["ada"] });
  const store = new SqliteStore({ path: join(dir, "cooldown.db") });
  await startedBot(w, { commands: [Hug], store });
  const hug = async () => (await w.people.ada.use(w.channels.general, "/hug")).answered();

  expect(await hug()).toHaveAnswered({ content: "hug!" });
  // Real time passes the cooldown; the world's clock does not move.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await hug()).toHaveAnswered({
    ephemeral: true,
    content: "/hug is cooling down: try again in 0.2 s.",
  });
  await w.clock.advance(200);
  expect(await hug()).toHaveAnswered({ content: "hug!" });
  await store.close();
});

it("a store made with a clock of its own keeps it on a bot of another clock", async () => {
  const w = await world({ people: ["ada"] });
  let now = 1_000;
  const store = new MemoryStore({ clock: { now: () => now } });
  await startedBot(w, { commands: [Remember, Recall], store });
  const use = async (name: string) => (await w.people.ada.use(w.channels.general, name)).answered();

  await use("/remember");
  await w.clock.advance(120_000);
  expect(await use("/recall")).toHaveAnswered({ content: "word: tea" });
  now += 60_000;
  expect(await use("/recall")).toHaveAnswered({ content: "word: forgotten" });
});
