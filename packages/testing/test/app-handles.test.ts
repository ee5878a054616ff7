import { describe, expect, it } from "vitest";
import { type AppHandle, type ChannelHandle, createTestWorld, type TestWorld } from "../src/index.js";

/** What the app's bot sees of `channel` over REST: the status of its GET, and its server's channel names. */
async function botView(world: TestWorld, app: AppHandle, channel: ChannelHandle) {
  const headers = { authorization: `Bot ${app.token}` };
  const got = await fetch(`${world.baseUrl}/v1/channels/${channel.id}`, { headers });
  const listed = await fetch(`${world.baseUrl}/v1/guilds/${channel.serverId}/channels`, { headers });
  const names = ((await listed.json()) as { name: string }[]).map((c) => c.name);
  return { status: got.status, code: ((await got.json()) as { code?: string }).code, names };
}

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

  it("in a channel's overwrites, stands for its bot account: a denied view hides the channel from the bot", async () => {
    await using world = await createTestWorld({ channels: { general: {}, lounge: {} } });
    const { owner } = world.people;
    const { general } = world.channels;
    expect(await botView(world, world.app, general)).toMatchObject({
      status: 200,
      names: ["general", "lounge"],
    });

    await owner.updateChannel(general, { overwrites: [{ for: world.app, deny: ["view_channels"] }] });
    // What cannot be seen answers as what does not exist (docs/decisions.md).
    expect(await botView(world, world.app, general)).toEqual({
      status: 404,
      code: "unknown_channel",
      names: ["lounge"],
    });
    const secret = await owner.createChannel("secret", {
      overwrites: [{ for: world.app, deny: ["view_channels"] }],
    });
    expect(await botView(world, world.app, secret)).toMatchObject({ status: 404, names: ["lounge"] });

    await owner.updateChannel(general, { overwrites: [{ for: world.app, allow: ["view_channels"] }] });
    expect(await botView(world, world.app, general)).toMatchObject({
      status: 200,
      names: ["general", "lounge"],
    });
  });

  it("is named by its key in a description's overwrites, and only hides the channel from that app", async () => {
    await using world = await createTestWorld({
      apps: { scribe: {}, herald: {} },
      channels: { general: {}, backstage: { overwrites: { scribe: { deny: ["view_channels"] } } } },
    });
    const { scribe, herald } = world.apps;
    const { backstage } = world.channels;
    expect(await botView(world, scribe, backstage)).toEqual({
      status: 404,
      code: "unknown_channel",
      names: ["general"],
    });
    expect(await botView(world, herald, backstage)).toMatchObject({
      status: 200,
      names: ["general", "backstage"],
    });

    // The one app is `bot` unless named.
    await using single = await createTestWorld({
      channels: {
        general: {},
        staff: { overwrites: { everyone: { deny: ["view_channels"] }, bot: { allow: ["view_channels"] } } },
      },
    });
    expect(await botView(single, single.app, single.channels.staff)).toMatchObject({
      status: 200,
      names: ["general", "staff"],
    });
  });

  it("refuses an app overwrite where the app is not installed, or a name that is a person's too", async () => {
    await expect(
      createTestWorld({
        servers: {
          a: { channels: { general: { overwrites: { bot: { deny: ["view_channels"] } } } } },
          b: {},
        },
        app: { installedIn: ["b"] },
      }),
    ).rejects.toThrow("servers.a.channels.general.overwrites.bot: the app bot is not installed in server a");
    await expect(
      createTestWorld({
        people: ["bot"],
        channels: { general: { overwrites: { bot: { deny: ["view_channels"] } } } },
      }),
    ).rejects.toThrow("channels.general.overwrites.bot: bot is both a person and an app");
  });
});
