import { describe, expect, it } from "vitest";
import { resolveGatewayOptions } from "./gateway-client-options.js";

describe("recovery.maxAgeMs", () => {
  it("is checked with the other options", () => {
    const base = { token: "t", intents: [], gatewayUrl: "ws://127.0.0.1:1" } as const;
    expect(() => resolveGatewayOptions({ ...base, recovery: { maxAgeMs: 0 } })).toThrow(
      "recovery.maxAgeMs must be a whole number of 1 or more, got 0",
    );
    expect(() => resolveGatewayOptions({ ...base, recovery: { maxAgeMs: 1.5 } })).toThrow(
      /recovery\.maxAgeMs/,
    );
  });
});
