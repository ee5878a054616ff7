import { describe, expect, expectTypeOf, it } from "vitest";
import { message, ready } from "../../test/fixtures.js";
import { expectErrors, expectValid } from "../../test/helpers.js";
import type { Message } from "../message/message.js";
import { type DispatchFrame, DispatchFrameSchema } from "./dispatch-frame.js";

describe("DispatchFrameSchema", () => {
  it("checks d against the schema of its event", () => {
    const frame = expectValid(DispatchFrameSchema, { op: "dispatch", t: "MESSAGE_CREATE", s: 2, d: message });
    expect(frame.t === "MESSAGE_CREATE" && frame.d.content).toBe(message.content);
    expectValid(DispatchFrameSchema, { op: "dispatch", t: "READY", s: 1, d: ready });
    expect(
      expectErrors(DispatchFrameSchema, {
        op: "dispatch",
        t: "MESSAGE_CREATE",
        s: 2,
        d: { ...message, id: 7 },
      }),
    ).toEqual({ "d.id": ["expected an id string"] });
  });

  it("refuses an unknown event and a bad sequence", () => {
    expect(expectErrors(DispatchFrameSchema, { op: "dispatch", t: "TYPING_START", s: 1, d: {} })).toEqual({
      t: ["must be a gateway event name"],
    });
    expect(
      expectErrors(DispatchFrameSchema, { op: "dispatch", t: "GUILD_DELETE", s: 0, d: { id: "1" } }),
    ).toEqual({
      s: ["must be 1 or more"],
    });
  });

  it("narrows d by t", () => {
    expectTypeOf<DispatchFrame<"MESSAGE_UPDATE">["d"]>().toEqualTypeOf<Message>();
    expectTypeOf<Extract<DispatchFrame, { t: "GUILD_DELETE" }>["d"]>().toEqualTypeOf<{ id: string }>();
  });
});
