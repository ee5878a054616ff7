import { describe, expect, it } from "vitest";
import { FaultRegistry } from "./faults.js";

describe("FaultRegistry", () => {
  it("applies the oldest matching fault of a kind, count times, to its app only", () => {
    const faults = new FaultRegistry();
    faults.add("1", { app_id: "10", kind: "http", status: 503, count: 2, method: "POST" });
    faults.add("2", { app_id: "10", kind: "http", status: 500, count: 1, path_prefix: "/v1/guilds" });
    faults.add("3", { app_id: "10", kind: "latency", ms: 50, count: 1 });
    expect(faults.take("http", "11", "POST", "/v1/users/@me")).toBeNull();
    expect(faults.take("http", "10", "GET", "/v1/users/@me")).toBeNull();
    expect(faults.take("http", "10", "GET", "/v1/guilds/5")?.id).toBe("2");
    expect(faults.take("http", "10", "GET", "/v1/guilds/5")).toBeNull();
    expect(faults.take("http", "10", "POST", "/v1/guilds/5")?.id).toBe("1");
    expect(faults.list().map((f) => [f.id, f.remaining])).toEqual([
      ["1", 1],
      ["3", 1],
    ]);
    expect(faults.take("http", "10", "POST", "/v1/channels/5/messages")?.id).toBe("1");
    expect(faults.take("http", "10", "POST", "/v1/channels/5/messages")).toBeNull();
    expect(faults.take("latency", "10", "DELETE", "/v1/channels/5")).toMatchObject({ id: "3", ms: 50 });
    expect(faults.list()).toEqual([]);
  });

  it("clears every pending fault", () => {
    const faults = new FaultRegistry();
    faults.add("1", { app_id: "10", kind: "latency", ms: 5, count: 3 });
    faults.add("2", { app_id: "11", kind: "http", status: 429, count: 3 });
    expect(faults.clear()).toBe(2);
    expect(faults.take("latency", "10", "GET", "/v1/users/@me")).toBeNull();
    expect(faults.list()).toEqual([]);
  });
});
