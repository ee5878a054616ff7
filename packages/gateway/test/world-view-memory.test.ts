// The world view's per-object memory budgets (issue 39), at a small size: the full size (10,000
// servers, 1,000,000 members) is bench/world-view.mjs's.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { WorldView } from "../src/index.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const SERVERS = 500;
const MEMBERS_PER_SERVER = 100;
const PERMS = ["view_channels", "send_messages", "read_message_history", "embed_links"];
let next = 600000000000000000n;
const id = () => String(next++);

function frames(kinds: { channels: boolean; roles: boolean; members: boolean }): string[] {
  const out: string[] = [];
  const wire = (t: string, d: unknown) => JSON.stringify({ op: "dispatch", t, d });
  for (let i = 0; i < SERVERS; i++) {
    const guildId = id();
    const categories = [0, 1, 2].map((c) => ({ id: id(), name: `category ${c}`, position: c }));
    out.push(
      wire("GUILD_CREATE", {
        id: guildId,
        name: `Server ${i}`,
        description: null,
        icon_id: null,
        owner_id: id(),
        channels: [],
        categories,
        roles: [],
        me: { roles: [], permissions: PERMS },
        scopes: ["commands", "messages.read"],
        intents: ["guilds", "guild_members"],
        emojis: [],
      }),
    );
    for (let c = 0; kinds.channels && c < 30; c++) {
      out.push(
        wire("CHANNEL_CREATE", {
          id: id(),
          guild_id: guildId,
          name: `channel-${c}`,
          kind: "text",
          topic: c % 4 === 0 ? `What channel ${c} is for` : null,
          position: c,
          category_id: categories[c % 3]!.id,
          slowmode_seconds: 0,
          permissions: PERMS,
        }),
      );
    }
    for (let r = 0; kinds.roles && r < 15; r++) {
      const role = {
        id: id(),
        name: `role-${r}`,
        color: "#3366ff",
        position: r,
        permissions: PERMS.slice(0, 1 + (r % 4)),
      };
      out.push(
        wire("GUILD_ROLE_CREATE", {
          guild_id: guildId,
          role: { ...role, hoist: false, mentionable: false, managed: false, default: r === 0 },
        }),
      );
    }
    for (let m = 0; kinds.members && m < MEMBERS_PER_SERVER; m++) {
      const n = i * MEMBERS_PER_SERVER + m;
      const user = { id: id(), username: `person${n}`, name: `Person ${n}`, avatar_id: null, bot: false };
      out.push(
        wire("GUILD_MEMBER_ADD", {
          guild_id: guildId,
          user,
          nickname: null,
          joined_at: 1_760_000_000_000 + n,
          roles: [],
        }),
      );
    }
  }
  return out;
}

/**
 * The bytes a view built from `text` keeps: the heap with it, less the heap once it is let go. The
 * least of two builds: what else the process does meanwhile only ever adds to a reading.
 */
function retained(kinds: Parameters<typeof frames>[0]): number {
  return Math.min(retainedOnce(frames(kinds)), retainedOnce(frames(kinds)));
}

/** A view built from the frames, in a box the caller empties to let it go. */
function build(text: string[]): { view?: WorldView } {
  const view = new WorldView();
  for (const frame of text.splice(0)) {
    const { t, d } = JSON.parse(frame) as { t: string; d: unknown };
    view.applyFrame(t, d);
  }
  return { view };
}

function retainedOnce(text: string[]): number {
  const box = build(text);
  gc();
  gc();
  const kept = process.memoryUsage().heapUsed;
  expect(box.view!.size).toBe(SERVERS);
  delete box.view;
  gc();
  gc();
  return kept - process.memoryUsage().heapUsed;
}

describe("the world view's memory", () => {
  it("stays within its budgets: a server 2 KB, a channel 400 B, a role 300 B, a member met 200 B", () => {
    const servers = retained({ channels: false, roles: false, members: false });
    const withChannels = retained({ channels: true, roles: false, members: false });
    const withRoles = retained({ channels: true, roles: true, members: false });
    const withMembers = retained({ channels: true, roles: true, members: true });
    const each = {
      server: servers / SERVERS,
      channel: (withChannels - servers) / (SERVERS * 30),
      role: (withRoles - withChannels) / (SERVERS * 15),
      member: (withMembers - withRoles) / (SERVERS * MEMBERS_PER_SERVER),
    };
    console.log(`world view bytes each: ${JSON.stringify(each)}`);
    expect(each.server, JSON.stringify(each)).toBeLessThanOrEqual(2_048);
    expect(each.channel, JSON.stringify(each)).toBeLessThanOrEqual(400);
    expect(each.role, JSON.stringify(each)).toBeLessThanOrEqual(300);
    expect(each.member, JSON.stringify(each)).toBeLessThanOrEqual(200);
    // Not a test that cannot fail: the view does keep what it was told.
    expect(each.channel).toBeGreaterThan(50);
    expect(each.member).toBeGreaterThan(50);
  });
});
