import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { HeartbeatFrameSchema } from "./heartbeat-frame.js";

describe("HeartbeatFrameSchema", () => {
  it("takes the last sequence number or null", () => {
    expect(expectValid(HeartbeatFrameSchema, { op: "heartbeat", d: 41 })).toEqual({ op: "heartbeat", d: 41 });
    expect(expectValid(HeartbeatFrameSchema, { op: "heartbeat", d: null })).toEqual({
      op: "heartbeat",
      d: null,
    });
    expect(expectValid(HeartbeatFrameSchema, { op: "heartbeat" })).toEqual({ op: "heartbeat", d: null });
  });

  it("refuses a sequence that is not a whole number", () => {
    expect(expectErrors(HeartbeatFrameSchema, { op: "heartbeat", d: "41" })).toEqual({
      d: ["expected an integer"],
    });
    expect(expectErrors(HeartbeatFrameSchema, { op: "heartbeat", d: -1 })).toEqual({
      d: ["must be 0 or more"],
    });
  });
});
