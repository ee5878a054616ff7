import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { ClientFrameSchema } from "./client-frame.js";

describe("ClientFrameSchema", () => {
  it("picks identify or heartbeat by op", () => {
    const identify = expectValid(ClientFrameSchema, { op: "identify", d: { token: "t", intents: [] } });
    expect(identify.op === "identify" && identify.d.token).toBe("t");
    const heartbeat = expectValid(ClientFrameSchema, { op: "heartbeat", d: 3 });
    expect(heartbeat).toEqual({ op: "heartbeat", d: 3 });
  });

  it("reports an unknown or missing op at op", () => {
    expect(expectErrors(ClientFrameSchema, { op: "dispatch", d: {} })).toEqual({
      op: ["must be identify or heartbeat"],
    });
    expect(expectErrors(ClientFrameSchema, { op: 2 })).toEqual({ op: ["must be identify or heartbeat"] });
    expect(expectErrors(ClientFrameSchema, { d: null })).toEqual({ op: ["is required"] });
    expect(expectErrors(ClientFrameSchema, "heartbeat")).toEqual({ "": ["expected a frame object"] });
  });

  it("reports a bad identify by field", () => {
    expect(expectErrors(ClientFrameSchema, { op: "identify", d: { token: 5, intents: "guilds" } })).toEqual({
      "d.token": ["expected a string"],
      "d.intents": ["expected an array"],
    });
  });
});
