import type { Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type ErrorAnswer, type Harness, ok, setupWorld, startHarness } from "./harness.js";

let h: Harness;
afterEach(() => h?.close());

describe("X-Dev-User", () => {
  it("names the person by id or by username, in any case", async () => {
    h = await startHarness();
    const w = await setupWorld(h);
    const path = `/dev/v1/channels/${w.general.id}/messages`;
    for (const as of [w.owner.id, "owner", "OWNER", " owner "]) {
      const posted = ok(await h.dev<Message>("POST", path, { content: `as ${as}` }, { as }), 201);
      expect(posted.author.id).toBe(w.owner.id);
    }
    const byMember = ok(await h.dev<Message>("POST", path, { content: "hi" }, { as: "member" }), 201);
    expect(byMember.author.id).toBe(w.member.id);
  });

  it("answers 404 unknown_user naming the header when neither an id nor a username matches", async () => {
    h = await startHarness();
    const w = await setupWorld(h);
    for (const as of ["nobody", "123"]) {
      const answer = await h.dev<ErrorAnswer>("PATCH", `/dev/v1/guilds/${w.guildId}`, { name: "x" }, { as });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe("unknown_user");
      expect(answer.body.message).toBe(`X-Dev-User: no user has the id or username "${as}"`);
    }
  });

  it("refuses a bot's username, and a username two seeded users share", async () => {
    h = await startHarness({
      seed: {
        users: [
          { id: "1001", username: "twin" },
          { id: "1002", username: "Twin" },
        ],
        apps: [{ id: "2001", name: "Bot", token: "bot-token" }],
      },
    });
    const twin = await h.dev<ErrorAnswer>("PATCH", "/dev/v1/guilds/1", { name: "x" }, { as: "twin" });
    expect(twin.status).toBe(400);
    expect(twin.body.errors).toEqual({
      "X-Dev-User": ["the username twin names more than one user; give the id"],
    });
    const asBot = await h.dev<ErrorAnswer>("PATCH", "/dev/v1/guilds/1", { name: "x" }, { as: "app_2001" });
    expect(asBot.status).toBe(400);
    expect(asBot.body.errors?.["X-Dev-User"]).toEqual([
      "must be a person: bots act through /v1 with their token",
    ]);
  });
});
