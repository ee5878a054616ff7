import { describe, expect, it } from "vitest";
import { createTestWorld, DevApiError } from "../src/index.js";
import { startRawBot } from "./support/raw-bot.js";

const MODERATED = {
  people: { mod: { roles: ["mod"] }, bob: {}, carol: {} },
  roles: { mod: ["kick_members", "ban_members", "moderate_members", "manage_roles", "manage_channels"] },
  channels: { general: {} },
  app: { permissions: ["view_channels", "send_messages", "read_message_history", "view_audit_log"] },
} as const;

describe("people moderating, as the server allows", () => {
  it("kicks, bans and times out; the bot sees it and the audit log keeps it", async () => {
    await using world = await createTestWorld({ ...MODERATED, rateLimits: false });
    const bot = await startRawBot(world, { intents: ["guilds", "guild_members", "guild_moderation"] });
    await world.app.connected();
    const { mod, bob, carol } = world.people;

    await mod.timeout(bob, 60_000);
    await expect(bob.say(world.channels.general, "hi")).rejects.toThrow(
      /answered 403 missing_permission: missing the permission send_messages/,
    );
    world.clock.advance(60_000);
    await bob.say(world.channels.general, "back");

    await mod.kick(bob, { reason: "spam" });
    await expect(bob.say(world.channels.general, "hi")).rejects.toThrow(/answered 404/);
    await bob.join();
    await mod.ban(carol);
    await expect(carol.join()).rejects.toBeInstanceOf(DevApiError);
    await mod.unban(carol);
    await carol.join();

    const refused = (await bob.kick(mod).catch((e: unknown) => e)) as DevApiError;
    expect(refused.status).toBe(403);
    expect(refused.apiCode).toBe("missing_permission");

    const log = await world.auditLog({ limit: 10 });
    const actions = log.map((e) => (e as { action_type: number; target_id: string | null }).target_id);
    expect(actions).toContain(bob.id);
    expect(log.length).toBeGreaterThanOrEqual(4);
    expect(await bot.received("GUILD_BAN_ADD")).toMatchObject({ user: { id: carol.id } });
    await bot.received("GUILD_AUDIT_LOG_ENTRY_CREATE");
  });

  it("changes roles and channels, and new ones become handles by name", async () => {
    await using world = await createTestWorld({ ...MODERATED });
    const { mod, bob, owner } = world.people;
    const helpers = await owner.createRole("helpers", ["manage_messages"]);
    expect(world.role("helpers")).toBe(helpers);
    await expect(mod.addRole(bob, world.roles.mod)).rejects.toThrow(
      /as mod answered 403 missing_permission: the role mod is not below your highest role/,
    );
    await expect(bob.createRole("x", [])).rejects.toThrow(/403 missing_permission/);
    await owner.addRole(bob, world.roles.mod);
    await bob.createRole("x", []);
    await owner.removeRole(bob, world.roles.mod);
    await expect(bob.createRole("y", [])).rejects.toThrow(/403 missing_permission/);

    const secret = await mod.createChannel("secret", {
      overwrites: [
        { for: world.roles.everyone, deny: ["view_channels"] },
        { for: mod, allow: ["view_channels"] },
      ],
    });
    expect(world.channel("secret")).toBe(secret);
    await mod.say(secret, "only me");
    await expect(bob.say(secret, "me too")).rejects.toThrow(/404 unknown_channel/);
    await mod.updateChannel(secret, { overwrites: [] });
    await bob.say(secret, "now me too");
    await owner.deleteChannel(secret);
    await owner.deleteRole(helpers);
  });
});
