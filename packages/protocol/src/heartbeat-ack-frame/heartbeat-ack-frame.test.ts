import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { HeartbeatAckFrameSchema } from "./heartbeat-ack-frame.js";

describe("HeartbeatAckFrameSchema", () => {
  it("takes the ack frame", () => {
    expect(expectValid(HeartbeatAckFrameSchema, { op: "heartbeat_ack" })).toEqual({ op: "heartbeat_ack" });
  });

  it("refuses another op", () => {
    expect(expectErrors(HeartbeatAckFrameSchema, { op: "heartbeat" })).toEqual({
      op: ['expected "heartbeat_ack"'],
    });
  });
});
