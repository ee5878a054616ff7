import { describe, expect, it } from "vitest";
import { ManualClock } from "../kernel/clock.js";
import { GuildUpdateMerger } from "./guild-update-merger.js";

function setup() {
  const clock = new ManualClock(0);
  const sent: Array<[number, string, string]> = [];
  const merger = new GuildUpdateMerger<string>(clock, (guildId, payload) =>
    sent.push([clock.now(), guildId, payload]),
  );
  return { clock, sent, merger };
}

describe("GuildUpdateMerger", () => {
  it("sends the first update at once and merges later ones into one at the window's end", () => {
    const { clock, sent, merger } = setup();
    merger.push("g", "1");
    clock.advance(100);
    merger.push("g", "2");
    merger.push("g", "3");
    expect(merger.waitingCount).toBe(1);
    clock.advance(199);
    expect(sent).toEqual([[0, "g", "1"]]);
    clock.advance(1);
    expect(sent).toEqual([
      [0, "g", "1"],
      [300, "g", "3"],
    ]);
    // The merged send opened a new window: an update at 450 waits until 600.
    clock.advance(150);
    merger.push("g", "4");
    clock.advance(150);
    expect(sent.at(-1)).toEqual([600, "g", "4"]);
    // A quiet window closes; the next update goes out at once.
    clock.advance(400);
    merger.push("g", "5");
    expect(sent.at(-1)).toEqual([1_000, "g", "5"]);
  });

  it("keeps one window per server", () => {
    const { clock, sent, merger } = setup();
    merger.push("a", "a1");
    merger.push("b", "b1");
    merger.push("a", "a2");
    expect(sent.map(([, g, p]) => `${g}:${p}`)).toEqual(["a:a1", "b:b1"]);
    clock.advance(300);
    expect(sent.map(([, g, p]) => `${g}:${p}`)).toEqual(["a:a1", "b:b1", "a:a2"]);
  });

  it("discard and cancel drop waiting updates and their timers", () => {
    const { clock, sent, merger } = setup();
    merger.push("a", "a1");
    merger.push("a", "a2");
    merger.discard("a");
    merger.push("a", "a3");
    merger.push("b", "b1");
    merger.push("b", "b2");
    merger.cancel();
    expect(clock.pendingCount).toBe(0);
    clock.advance(1_000);
    expect(sent.map(([, , p]) => p)).toEqual(["a1", "a3", "b1"]);
  });

  it("rejects a window that is not positive", () => {
    expect(() => new GuildUpdateMerger(new ManualClock(0), () => {}, 0)).toThrow(
      /windowMs must be more than 0/,
    );
  });

  it("opens no window when a send went nowhere (send answered false)", () => {
    const clock = new ManualClock(0);
    const sent: string[] = [];
    const merger = new GuildUpdateMerger<string>(clock, (_, payload) => {
      if (payload.startsWith("same")) return false;
      sent.push(payload);
      return true;
    });
    merger.push("g", "same 1");
    expect(clock.pendingCount).toBe(0);
    merger.push("g", "changed 1");
    merger.push("g", "same 2");
    clock.advance(300);
    // The merged update went nowhere: its window closed, so the next one goes at once.
    expect(clock.pendingCount).toBe(0);
    merger.push("g", "changed 2");
    expect(sent).toEqual(["changed 1", "changed 2"]);
  });
});
