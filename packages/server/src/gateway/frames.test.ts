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

  it("answers 4002 for text that is not JSON", () => {
    expect(parseClientFrame("{")).toEqual({ ok: false, code: 4002, reason: "frame is not valid JSON" });
    expect(parseClientFrame("")).toMatchObject({ ok: false, code: 4002 });
  });

  it.each([
    ["null", "frame must be a JSON object with op"],
    ['"identify"', "frame must be a JSON object with op"],
    ['{"op":4}', "op must be a string"],
    ['{"op":"dispatch","d":{}}', "unknown op: dispatch"],
    ['{"op":"identify"}', "identify: d must be an object"],
    ['{"op":"identify","d":{"token":"","intents":[]}}', "identify: d.token must be a non-empty string"],
    [
      '{"op":"identify","d":{"token":"t","intents":"guilds"}}',
      "identify: d.intents must be an array of strings",
    ],
    ['{"op":"heartbeat","d":-1}', "heartbeat: d must be the last s (an integer, 0 or more) or null"],
    ['{"op":"heartbeat","d":1.5}', "heartbeat: d must be the last s (an integer, 0 or more) or null"],
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
