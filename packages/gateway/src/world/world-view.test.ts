import type { Channel, GuildCreatePayload, Role } from "@chatbot/protocol";
import { describe, expect, it } from "vitest";
import { WorldView } from "./world-view.js";

const role = (id: string, position: number, permissions: Role["permissions"] = []): Role => ({
  id,
  name: `role ${id}`,
  color: null,
  position,
  permissions,
  hoist: false,
  mentionable: false,
  managed: false,
  default: position === 0,
});
const channel = (id: string, guildId: string, extra: Partial<Channel> = {}): Channel => ({
  id,
  guild_id: guildId,
  name: `channel-${id}`,
  kind: "text",
  topic: null,
  position: Number(id) % 100,
  category_id: null,
  slowmode_seconds: 0,
  permissions: ["view_channels", "send_messages"],
  ...extra,
});
const guild = (id: string, extra: Partial<GuildCreatePayload> = {}): GuildCreatePayload => ({
  id,
  name: `server ${id}`,
  description: null,
  icon_id: null,
  owner_id: "9",
  channels: [channel(`${id}1`, id, { category_id: `${id}9` }), channel(`${id}2`, id)],
  categories: [{ id: `${id}9`, name: "talk", position: 0 }],
  roles: [role(`${id}5`, 0, ["view_channels"]), role(`${id}6`, 1, ["manage_messages"])],
  me: { roles: [`${id}6`], permissions: ["view_channels", "manage_messages"] },
  scopes: ["commands"],
  intents: ["guilds"],
  emojis: [],
  ...extra,
});
const ready = (...ids: string[]) => ({
  v: 1,
  session_id: "s",
  user: { id: "7", username: "app_1", name: "bot", avatar_id: null, bot: true },
  application: { id: "1", name: "bot" },
  intents: ["guilds"],
  guilds: ids.map((id) => ({ id, unavailable: true })),
});
const user = (id: string) => ({ id, username: `u${id}`, name: `User ${id}`, avatar_id: null, bot: false });

describe("WorldView", () => {
  it("follows a server by its events, in order, and answers by id and by name", () => {
    const view = new WorldView();
    view.applyFrame("READY", ready("100"));
    view.applyFrame("GUILD_CREATE", guild("100"));
    const server = view.server("100")!;
    expect(server.channels.byName("channel-1001")?.category_id).toBe("1009");
    expect(server.me.can("manage_messages")).toBe(true);
    expect(server.me.missing("kick_members", "view_channels")).toEqual(["kick_members"]);
    view.applyFrame(
      "CHANNEL_UPDATE",
      channel("1002", "100", { name: "renamed", permissions: ["view_channels"] }),
    );
    expect(server.channels.get("1002")).toMatchObject({ name: "renamed" });
    expect(server.channels.get("1002")!.can("send_messages")).toBe(false);
    expect(server.channels.byName("channel-1002")).toBeUndefined();
    // A channel made invisible leaves; its category goes with its last channel.
    view.applyFrame("CHANNEL_DELETE", { id: "1001", guild_id: "100" });
    expect(server.channels.get("1001")).toBeUndefined();
    expect(server.categories.size).toBe(0);
    view.applyFrame("GUILD_ROLE_DELETE", { guild_id: "100", role_id: "1006" });
    expect(server.me.roles).toEqual([]);
    expect(server.roles.list().map((r) => r.id)).toEqual(["1005"]);
    view.applyFrame("GUILD_EMOJIS_UPDATE", {
      guild_id: "100",
      emojis: [{ id: "3", name: "wave", animated: false, available: true, image_id: "3" }],
    });
    expect(server.emojis?.map((e) => e.name)).toEqual(["wave"]);
    view.applyFrame("GUILD_DELETE", { id: "100" });
    expect(view.server("100")).toBeUndefined();
  });

  it("keeps the members met through a GUILD_UPDATE, and forgets servers a fresh READY does not name", () => {
    const view = new WorldView();
    view.applyFrame("READY", ready("100", "200"));
    view.applyFrame("GUILD_CREATE", guild("100"));
    view.applyFrame("GUILD_CREATE", guild("200"));
    view.applyFrame("GUILD_MEMBER_ADD", {
      guild_id: "100",
      user: user("50"),
      nickname: null,
      joined_at: 1_700_000_000_123,
      roles: ["1006"],
    });
    view.applyFrame("GUILD_UPDATE", guild("100", { name: "renamed", channels: [] }));
    const server = view.server("100")!;
    expect(server.name).toBe("renamed");
    expect(server.channels.size).toBe(0);
    expect(server.members.get("50")).toEqual({
      user: user("50"),
      nickname: null,
      joined_at: 1_700_000_000_123,
      roles: ["1006"],
    });
    // A new session: 200 is gone (removed while disconnected), 100 stays, its members may have changed.
    view.applyFrame("READY", ready("100"));
    expect(view.server("200")).toBeUndefined();
    expect(view.server("100")?.name).toBe("renamed");
    expect(view.server("100")?.members.get("50")).toBeUndefined();
  });

  it("keeps at most maxPerServer people, one not met again going first, or none", () => {
    const view = new WorldView({ members: { maxPerServer: 2 } });
    view.applyFrame("GUILD_CREATE", guild("100"));
    const message = (id: string, author: string) => ({
      id,
      guild_id: "100",
      channel_id: "1001",
      author: user(author),
    });
    for (const author of ["1", "2", "1", "3"])
      view.applyFrame("MESSAGE_CREATE", message(`9${author}`, author));
    // 1 was met again, so 2 goes when 3 comes; 1 moves behind 3.
    expect(view.server("100")!.members.ids()).toEqual(["3", "1"]);
    const none = new WorldView({ members: false });
    none.applyFrame("GUILD_CREATE", guild("100"));
    none.applyFrame("MESSAGE_CREATE", message("91", "1"));
    expect(none.server("100")!.members.size).toBe(0);
    expect(() => new WorldView({ members: { maxPerServer: -1 } })).toThrow(
      /maxPerServer must be a whole number of 0 or more, got -1/,
    );
  });

  it("exports and imports a whole view, members met included", () => {
    const view = new WorldView();
    view.applyFrame("READY", ready("100"));
    view.applyFrame("GUILD_CREATE", guild("100"));
    view.applyFrame("MESSAGE_CREATE", { id: "1", guild_id: "100", channel_id: "1001", author: user("5") });
    const copy = new WorldView();
    copy.import(structuredClone(view.export()));
    expect(copy.export()).toEqual(view.export());
    expect(copy.server("100")!.members.user("5")).toEqual(user("5"));
    expect(copy.botUserId).toBe("7");
  });

  it("refuses a permission name it does not know, naming it", () => {
    const view = new WorldView();
    view.applyFrame("GUILD_CREATE", guild("100"));
    const general = view.server("100")!.channels.get("1002")!;
    expect(() => general.can("post" as never)).toThrow(
      /channel\.can\(\): argument 0 must be a permission name such as "send_messages", got "post"/,
    );
  });
});
