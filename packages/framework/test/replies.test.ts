import "@chatbot/testing/vitest";
import { describe, expect, it } from "vitest";
import { Command, type CommandContext, InteractionStateError } from "../src/index.js";
import { lines, startedBot, world } from "./support.js";

/** A handler the test releases by hand, so the clock can move while it "works". */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

let release = gate();
let started = gate();
const calls: string[] = [];

@Command({ name: "slow", description: "Works until the test says" })
class Slow {
  async run(ctx: CommandContext) {
    started.open();
    await release.opened;
    await ctx.reply("done at last");
    await ctx.reply("and one more thing");
  }
}

@Command({ name: "quiet", description: "Thinks ephemerally when slow", autoDefer: { ephemeral: true } })
class Quiet {
  async run(ctx: CommandContext) {
    await release.opened;
    await ctx.reply({ content: "just for you", ephemeral: true });
  }
}

@Command({ name: "twice", description: "Replies twice at once, then edits" })
class Twice {
  async run(ctx: CommandContext) {
    await Promise.all([ctx.reply("first"), ctx.reply("second")]);
    await ctx.editReply("first, edited");
    calls.push(ctx.state);
  }
}

@Command({ name: "late", description: "Replies after the window" })
class Late {
  static error: unknown;
  async run(ctx: CommandContext) {
    await release.opened;
    try {
      await ctx.followUp("too late?");
    } catch (error) {
      Late.error = error;
    }
  }
}

describe("replies", () => {
  it("auto-defers a handler still working 2 s after the use, and its reply becomes the answer", async () => {
    release = gate();
    started = gate();
    const w = await world({ people: ["alice"] });
    const { logger } = await startedBot(w, { commands: [Slow] });
    const outcome = await w.people.alice.use(w.channels.general, "/slow");
    await started.opened;
    w.clock.advance(1999);
    await new Promise((r) => setTimeout(r, 30));
    expect(outcome.state).toBe("delivered");
    w.clock.advance(1);
    await expect.poll(() => outcome.state).toBe("thinking");
    // The service's 3 seconds pass: thinking, not "did not respond".
    w.clock.advance(5_000);
    release.open();
    await outcome.answered();
    await expect.poll(() => outcome.answers.length).toBe(2);
    expect(outcome.answers.map((m) => m.content)).toEqual(["done at last", "and one more thing"]);
    expect(outcome.notice).toBeNull();
    await expect
      .poll(() =>
        lines(logger).some((l) =>
          /\/slow by alice: answered, delivered 0 ms after use, first callback after 2000 ms \(auto-deferred\)/.test(
            l,
          ),
        ),
      )
      .toBe(true);
  });

  it("auto-defers ephemerally when the command says so, so an ephemeral reply stays private", async () => {
    release = gate();
    const w = await world({ people: ["alice", "bob"] });
    await startedBot(w, { commands: [Quiet] });
    const outcome = await w.people.alice.use(w.channels.general, "/quiet");
    w.clock.advance(2_000);
    await expect.poll(() => outcome.state).toBe("thinking");
    release.open();
    await outcome.answered();
    expect(outcome).toHaveAnswered({ ephemeral: true, content: "just for you" });
    expect(await w.people.bob.history(w.channels.general)).toEqual([]);
  });

  it("never sends a second callback: a second reply is a followup, and edits go to the original", async () => {
    calls.length = 0;
    const w = await world({ people: ["alice"] });
    await startedBot(w, { commands: [Twice] });
    const outcome = await w.people.alice.use(w.channels.general, "/twice");
    await outcome.answered();
    await expect.poll(() => calls).toEqual(["answered"]);
    await expect.poll(() => outcome.answers.map((m) => m.content)).toEqual(["first, edited", "second"]);
  });

  it("refuses a call after the 15 minutes with a clear error, before any request", async () => {
    release = gate();
    Late.error = undefined;
    const w = await world({ people: ["alice"] });
    await startedBot(w, { commands: [Late], autoDefer: false });
    const outcome = await w.people.alice.use(w.channels.general, "/late");
    w.clock.advance(15 * 60_000);
    release.open();
    await expect.poll(() => Late.error).toBeInstanceOf(InteractionStateError);
    expect((Late.error as InteractionStateError).code).toBe("interaction_expired");
    expect((Late.error as Error).message).toBe(
      "/late: followUp() after the interaction's 15 minutes; send a channel message instead",
    );
    expect(outcome.state).toBe("unanswered");
  });
});
