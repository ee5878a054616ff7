import { describe, expect, it } from "vitest";
import { createTestWorld } from "../src/index.js";

describe("an app's handle", () => {
  it("privileged: true grants the member intent and scope it is for", async () => {
    await using world = await createTestWorld({ app: { privileged: true } });
    const res = await fetch(`${world.baseUrl}/v1/guilds/${world.server.id}`, {
      headers: { authorization: `Bot ${world.token}` },
    });
    const snapshot = (await res.json()) as { intents: string[]; scopes: string[] };
    expect(snapshot.intents).toContain("guild_members");
    expect(snapshot.scopes).toContain("members.read");
  });

  it("works wherever a person does: a role given to world.app lands on its bot", async () => {
    await using world = await createTestWorld({ roles: { helpers: ["manage_messages"] } });
    const member = await world.people.owner.addRole(world.app, world.roles.helpers);
    expect(member.roles).toContain(world.roles.helpers.id);
    expect(member.user.id).toBe(world.app.userId);
    const back = await world.people.owner.removeRole(world.app, world.roles.helpers);
    expect(back.roles).not.toContain(world.roles.helpers.id);
  });
});
