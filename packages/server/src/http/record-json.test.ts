import { describe, expect, it } from "vitest";
import type { UserRecord } from "../kernel/world/records.js";
import { RecordJson } from "./record-json.js";
import { serializeUser } from "../kernel/actors/user-serializer.js";

describe("RecordJson", () => {
  it("serializes a record once, and a replaced record again", () => {
    let calls = 0;
    const json = new RecordJson((user: UserRecord) => {
      calls += 1;
      return serializeUser(user);
    });
    const ada: UserRecord = { id: "1", username: "ada", name: "Ada", avatar_id: null, bot: false };
    expect(JSON.parse(json.of(ada))).toEqual({
      id: "1",
      username: "ada",
      name: "Ada",
      avatar_id: null,
      bot: false,
    });
    json.of(ada);
    expect(calls).toBe(1);
    expect(JSON.parse(json.of({ ...ada, name: "Ada L." })).name).toBe("Ada L.");
    expect(calls).toBe(2);
  });
});
