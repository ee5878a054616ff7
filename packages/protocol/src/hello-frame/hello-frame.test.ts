import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { HelloFrameSchema } from "./hello-frame.js";

describe("HelloFrameSchema", () => {
  it("takes the heartbeat interval in milliseconds", () => {
    const frame = { op: "hello", d: { heartbeat_interval: 30000 } };
    expect(expectValid(HelloFrameSchema, frame)).toEqual(frame);
  });

  it("refuses a missing or bad interval and another op", () => {
    expect(expectErrors(HelloFrameSchema, { op: "hello", d: {} })).toEqual({
      "d.heartbeat_interval": ["is required"],
    });
    expect(expectErrors(HelloFrameSchema, { op: "hello", d: { heartbeat_interval: 0 } })).toEqual({
      "d.heartbeat_interval": ["must be 1 or more"],
    });
    expect(expectErrors(HelloFrameSchema, { op: "Hello", d: { heartbeat_interval: 1 } })).toEqual({
      op: ['expected "hello"'],
    });
  });
});
