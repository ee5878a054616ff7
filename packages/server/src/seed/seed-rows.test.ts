import { describe, expect, it } from "vitest";
import type { WebhookRecord } from "../features/webhooks/webhook-record.js";
import type { RoleRecord } from "../kernel/world/records.js";
import { parseSeed, seedRows } from "./load-seed.js";
import type { SeedWorld } from "@chatbot/protocol/dev";

const GUILDS = 40;
const gid = (i: number) => String(30_000 + i);

/**
 * Servers whose roles are listed in reverse order and interleaved: the even ones give their everyone
 * role, the odd ones leave it to the server; each channel has a webhook that posted a message.
 */
function manyServers(): SeedWorld {
  const roles = [];
  for (let i = GUILDS - 1; i >= 0; i--) {
    roles.push({ id: String(40_000 + i * 2), guild_id: gid(i), name: "mods", position: 1, permissions: [] });
    if (i % 2 === 0)
      roles.push({
        id: String(40_001 + i * 2),
        guild_id: gid(i),
        name: "@everyone",
        position: 0,
        permissions: [],
        default: true,
      });
  }
  const indexes = Array.from({ length: GUILDS }, (_, i) => i);
  return {
    users: [{ id: "1001", username: "owner" }],
    guilds: indexes.map((i) => ({ id: gid(i), name: `g${i}`, owner_id: "1001" })),
    roles,
    channels: indexes.map((i) => ({ id: String(60_000 + i), guild_id: gid(i), name: "general" })),
    webhooks: indexes.map((i) => ({
      id: String(70_000 + i),
      channel_id: String(60_000 + i),
      name: `hook${i}`,
      maker_id: "1001",
      secret: `secret${i}`,
    })),
    messages: indexes.map((i) => ({
      id: String(80_000 + i),
      channel_id: String(60_000 + i),
      author_id: String(70_000 + i),
      webhook: { id: String(70_000 + i), username: `hook${i}`, avatar_id: null },
    })),
  } as unknown as SeedWorld;
}

describe("seedToRows on many servers (one pass over the roles)", () => {
  it("gives each server the everyone role a search of every role finds", () => {
    const rows = seedRows(manyServers(), 0);
    const roles = rows.roles as RoleRecord[];
    for (const guild of rows.guilds as Array<{ id: string; everyone_role_id: string }>) {
      const given = roles.filter((r) => r.guild_id === guild.id && r.default);
      expect(given, guild.id).toHaveLength(1);
      expect(guild.everyone_role_id).toBe(given[0]!.id);
      if (Number(guild.id) % 2 === 0)
        expect(guild.everyone_role_id).toBe(String(40_001 + (Number(guild.id) - 30_000) * 2));
    }
    const webhooks = rows.webhooks as WebhookRecord[];
    for (const message of rows.messages as Array<{ author_id: string; webhook?: { id: string } }>)
      expect(webhooks.find((w) => w.id === message.author_id)?.id).toBe(message.webhook?.id);
  });

  it("still names a second default role of a server, and a post whose webhook is another channel's", () => {
    const seed = manyServers() as { roles: object[]; messages: Array<{ channel_id: string }> };
    seed.roles.push({
      id: "49999",
      guild_id: gid(4),
      name: "again",
      position: 0,
      permissions: [],
      default: true,
    });
    seed.messages[3]!.channel_id = "60004";
    expect(() => parseSeed(seed)).toThrow(/guilds\.4: has more than one role with default: true/);
    expect(() => parseSeed(seed)).toThrow(
      /messages\.3\.webhook\.id: must be the author_id and a webhook of the channel/,
    );
  });
});
