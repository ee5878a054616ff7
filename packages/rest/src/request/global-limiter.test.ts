import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GlobalLimiter } from "./global-limiter.js";

// Vitest's fake timers are the controllable clock here: Date.now and setTimeout move together.
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("GlobalLimiter", () => {
  it("lets `limit` calls through per window, the rest at the next window", async () => {
    const limiter = new GlobalLimiter(2, 0);
    expect(limiter.acquire("normal")).toBeUndefined();
    expect(limiter.acquire("normal")).toBeUndefined();
    let third = false;
    void limiter.acquire("normal")?.then(() => (third = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(third).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(third).toBe(true);
  });

  it("lets interaction replies through before other waiting calls", async () => {
    const limiter = new GlobalLimiter(1, 0);
    limiter.acquire("normal");
    const order: string[] = [];
    void limiter.acquire("normal")?.then(() => order.push("send 1"));
    void limiter.acquire("normal")?.then(() => order.push("send 2"));
    void limiter.acquire("urgent")?.then(() => order.push("reply"));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(order).toEqual(["reply", "send 1", "send 2"]);
  });

  it("holds every call until a global 429's retry_after has passed", async () => {
    const limiter = new GlobalLimiter(50, 10);
    limiter.block(500);
    expect(limiter.delay()).toBe(510);
    let through = false;
    void limiter.acquire("normal")?.then(() => (through = true));
    await vi.advanceTimersByTimeAsync(509);
    expect(through).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(through).toBe(true);
  });

  it("moves to the service's window when an answer reports it", () => {
    const limiter = new GlobalLimiter(50, 0);
    limiter.acquire("normal");
    limiter.observe(50, 0, 800);
    expect(limiter.delay()).toBe(800);
  });

  it("rejects a waiting call with the signal's reason when it aborts", async () => {
    const limiter = new GlobalLimiter(1, 0);
    limiter.acquire("normal");
    const controller = new AbortController();
    const waiting = limiter.acquire("normal", controller.signal);
    controller.abort(new Error("gave up"));
    await expect(waiting).rejects.toThrow("gave up");
  });

  it("lets background calls take only their share of a window, the rest at the next", async () => {
    const limiter = new GlobalLimiter(10, 0, undefined, 0.3);
    const through: number[] = [];
    for (let i = 0; i < 7; i++) {
      const waiting = limiter.acquire("background");
      if (waiting) void waiting.then(() => through.push(Date.now()));
      else through.push(Date.now());
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(through).toHaveLength(3);
    // The window still has room for the bot's own calls.
    for (let i = 0; i < 7; i++) expect(limiter.acquire("normal")).toBeUndefined();
    expect(limiter.acquire("normal")).toBeDefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(through).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(through).toHaveLength(7);
  });

  it("lets every waiting call of the bot's own through before a background one", async () => {
    const limiter = new GlobalLimiter(2, 0);
    limiter.acquire("normal");
    limiter.acquire("normal");
    const order: string[] = [];
    void limiter.acquire("background")?.then(() => order.push("recovery read"));
    void limiter.acquire("normal")?.then(() => order.push("send"));
    void limiter.acquire("urgent")?.then(() => order.push("reply"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual(["reply", "send"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual(["reply", "send", "recovery read"]);
  });
});
