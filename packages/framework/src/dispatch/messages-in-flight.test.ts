import { describe, expect, it } from "vitest";
import { MessagesInFlight } from "./messages-in-flight.js";

describe("MessagesInFlight", () => {
  it("keeps each channel at its oldest unfinished message, whatever order handlers end in", () => {
    const running = new MessagesInFlight();
    for (const id of ["11", "12", "13"]) running.began("a", id);
    running.began("b", "20");
    expect(running.ended("a", "12")).toBe(false);
    expect(running.oldest("a")).toBe("11");
    expect(running.ended("a", "11")).toBe(true);
    // 12 had ended already: the oldest unfinished is now 13.
    expect(running.oldest("a")).toBe("13");
    expect([...running.entries()]).toEqual([
      ["a", "13"],
      ["b", "20"],
    ]);
    expect(running.ended("a", "13")).toBe(true);
    expect(running.oldest("a")).toBeUndefined();
    expect(running.ended("c", "1")).toBe(false);
  });

  it("keeps its place through a long burst in one channel", () => {
    const running = new MessagesInFlight();
    for (let i = 0; i < 5_000; i++) {
      running.began("a", String(1_000_000 + i));
      if (i > 0) running.ended("a", String(1_000_000 + i - 1));
    }
    expect(running.oldest("a")).toBe("1004999");
  });
});
