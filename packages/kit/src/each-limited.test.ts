import { describe, expect, it } from "vitest";
import { eachLimited } from "./each-limited.js";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("eachLimited", () => {
  it("runs every item once, never more than the limit at a time, started in order", async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it("starts nothing more once the signal aborts, and rejects with a task's error", async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await eachLimited(
      [1, 2, 3, 4, 5],
      1,
      async (item) => {
        started.push(item);
        if (item === 2) controller.abort();
        await tick();
      },
      controller.signal,
    );
    expect(started).toEqual([1, 2]);
    await expect(
      eachLimited([1, 2], 2, async (item) => {
        if (item === 2) throw new Error("two failed");
      }),
    ).rejects.toThrow("two failed");
  });
});
