import { describe, expect, it } from "vitest";
import { encodeFrame, parseClientFrame } from "./frames.js";

describe("parseClientFrame", () => {
  it("reads identify and heartbeat, ignoring unknown keys", () => {
    expect(
      parseClientFrame('{"op":"identify","d":{"token":"t","intents":["guilds"],"x":1},"s":null}'),
    ).toEqual({
      ok: true,
      frame: { op: "identify", d: { token: "t", intents: ["guilds"] } },
    });
    expect(parseClientFrame('{"op":"heartbeat","d":12}')).toEqual({
      ok: true,
      frame: { op: "heartbeat", d: 12 },
    });
    expect(parseClientFrame('{"op":"heartbeat","d":null}')).toEqual({
      ok: true,
      frame: { op: "heartbeat", d: null },
    });
    expect(parseClientFrame('{"op":"heartbeat"}')).toEqual({ ok: true, frame: { op: "heartbeat", d: null } });
  });

  it("keeps unknown intent names for the 4013 check", () => {
    const parsed = parseClientFrame('{"op":"identify","d":{"token":"t","intents":["nope"]}}');
    expect(parsed).toMatchObject({ ok: true, frame: { d: { intents: ["nope"] } } });
  });

  it("clamps a long reason to fit a close frame", () => {
    const parsed = parseClientFrame(
      JSON.stringify({ op: "identify", d: { token: 1, intents: Array(40).fill(0) } }),
    );
    expect(parsed).toMatchObject({ ok: false, code: 4001 });
    if (!parsed.ok) expect(Buffer.byteLength(parsed.reason)).toBeLessThanOrEqual(123);
  });

  it("answers 4002 for text that is not JSON", () => {
    expect(parseClientFrame("{")).toEqual({ ok: false, code: 4002, reason: "frame is not valid JSON" });
    expect(parseClientFrame("")).toMatchObject({ ok: false, code: 4002 });
  });

  it.each([
    ["null", "frame: expected a frame object"],
    ['"identify"', "frame: expected a frame object"],
    ['{"op":4}', "op: must be identify or heartbeat"],
    ['{"op":"dispatch","d":{}}', "op: must be identify or heartbeat"],
    ['{"op":"identify"}', "d: is required"],
    ['{"op":"identify","d":{"intents":[]}}', "d.token: is required"],
    ['{"op":"identify","d":{"token":"t","intents":"guilds"}}', "d.intents: expected an array"],
    ['{"op":"heartbeat","d":-1}', "d: must be 0 or more"],
    ['{"op":"heartbeat","d":1.5}', "d: expected an integer"],
  ])("answers 4001 for %s", (text, reason) => {
    expect(parseClientFrame(text)).toEqual({ ok: false, code: 4001, reason });
  });
});

describe("encodeFrame", () => {
  it("writes frames as JSON text", () => {
    expect(encodeFrame({ op: "heartbeat_ack" })).toBe('{"op":"heartbeat_ack"}');
    expect(JSON.parse(encodeFrame({ op: "dispatch", t: "GUILD_DELETE", s: 3, d: { id: "1" } }))).toEqual({
      op: "dispatch",
      t: "GUILD_DELETE",
      s: 3,
      d: { id: "1" },
    });
  });
});
