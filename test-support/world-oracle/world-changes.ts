import type { PermissionName } from "@chatbot/protocol";
import { DevApiError, type DevClient } from "@chatbot/protocol/dev";
import { DEFAULT_APP_INTENTS, DEFAULT_APP_PERMISSIONS, DEFAULT_APP_SCOPES } from "@chatbot/testing";

/** A seeded random source (mulberry32): the same seed makes the same run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface ServerModel {
  readonly id: string;
  installed: boolean;
  botRoleId: string | null;
  readonly channels: string[];
  readonly categories: string[];
  readonly roles: string[];
  readonly emojis: string[];
  /** Roles of ours the bot holds. */
  readonly botRoles: Set<string>;
}

const PERMS: PermissionName[] = [
  "view_channels",
  "send_messages",
  "read_message_history",
  "embed_links",
  "add_reactions",
  "manage_messages",
  "manage_channels",
  "view_audit_log",
  "administrator",
];
const KINDS = ["text", "text", "voice", "announcement"] as const;

/**
 * Random changes to a world through the dev API, as its owner makes them: servers made and deleted,
 * channels made, renamed, moved between categories, hidden from the bot by overwrites and shown
 * again, roles made, changed, reordered, given to and taken from the bot, the app uninstalled and
 * installed again, its install's permissions changed, emojis made, renamed and deleted.
 */
export class WorldChanges {
  readonly servers: ServerModel[] = [];
  /** Changes made, and those the service refused (a refusal is part of the run, not a failure). */
  made = 0;
  refused = 0;
  readonly #random: () => number;

  constructor(
    private readonly dev: DevClient,
    private readonly ownerId: string,
    private readonly appId: string,
    private readonly botUserId: string,
    seed: number,
  ) {
    this.#random = seededRandom(seed);
  }

  #pick<T>(list: readonly T[]): T | undefined {
    return list.length === 0 ? undefined : list[Math.floor(this.#random() * list.length)];
  }

  #some<T>(list: readonly T[]): T[] {
    return list.filter(() => this.#random() < 0.35);
  }

  #name(prefix: string): string {
    return `${prefix}-${Math.floor(this.#random() * 1e6).toString(36)}`;
  }

  /** Adopts a server that already exists (the test world's own). */
  adopt(id: string, botRoleId: string, channels: string[]): void {
    this.servers.push({
      id,
      installed: true,
      botRoleId,
      channels,
      categories: [],
      roles: [],
      emojis: [],
      botRoles: new Set(),
    });
  }

  /** Makes one random change; answers what it tried. */
  async step(): Promise<string> {
    const ops: Array<[number, () => Promise<string>]> = [
      [this.servers.length < 6 ? 3 : 0, () => this.#createServer()],
      [this.servers.length > 2 ? 1 : 0, () => this.#deleteServer()],
      [3, () => this.#renameServer()],
      [8, () => this.#createChannel()],
      [8, () => this.#changeChannel()],
      [6, () => this.#moveChannel()],
      [10, () => this.#overwrite()],
      [3, () => this.#deleteChannel()],
      [3, () => this.#createCategory()],
      [4, () => this.#createRole()],
      [5, () => this.#updateRole()],
      [2, () => this.#reorderRoles()],
      [2, () => this.#deleteRole()],
      [7, () => this.#botRoles()],
      [2, () => this.#reinstall()],
      [2, () => this.#installPermissions()],
      [5, () => this.#emoji()],
    ];
    const total = ops.reduce((sum, [w]) => sum + w, 0);
    let roll = this.#random() * total;
    for (const [weight, op] of ops) {
      roll -= weight;
      if (roll < 0 && weight > 0) return this.#try(op);
    }
    return this.#try(ops[3]![1]);
  }

  async #try(op: () => Promise<string>): Promise<string> {
    try {
      const what = await op();
      this.made++;
      return what;
    } catch (error) {
      if (!(error instanceof DevApiError)) throw error;
      this.refused++;
      return `refused: ${error.message}`;
    }
  }

  #server(installed = true): ServerModel | undefined {
    return this.#pick(this.servers.filter((s) => s.installed || !installed));
  }

  async #install(server: ServerModel): Promise<void> {
    const install = await this.dev.call("installApp", {
      params: { guild_id: server.id },
      body: {
        application_id: this.appId,
        scopes: [...DEFAULT_APP_SCOPES],
        intents: [...DEFAULT_APP_INTENTS],
        permissions: [...DEFAULT_APP_PERMISSIONS, ...this.#some(PERMS)],
      },
      as: this.ownerId,
    });
    server.installed = true;
    server.botRoleId = install.role_id;
    server.botRoles.clear();
  }

  async #createServer(): Promise<string> {
    const guild = await this.dev.call("createGuild", {
      body: { name: this.#name("server"), owner_id: this.ownerId, description: this.#name("about") },
    });
    const server: ServerModel = {
      id: guild.id,
      installed: false,
      botRoleId: null,
      channels: guild.channels.map((c) => c.id),
      categories: [],
      roles: [],
      emojis: [],
      botRoles: new Set(),
    };
    this.servers.push(server);
    await this.#install(server);
    return `server ${guild.id} made`;
  }

  async #deleteServer(): Promise<string> {
    const server = this.#pick(this.servers)!;
    await this.dev.call("deleteGuild", { params: { guild_id: server.id }, as: this.ownerId });
    this.servers.splice(this.servers.indexOf(server), 1);
    return `server ${server.id} deleted`;
  }

  async #renameServer(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const body =
      this.#random() < 0.5
        ? { name: this.#name("server") }
        : { description: this.#random() < 0.3 ? null : this.#name("about") };
    await this.dev.call("updateGuild", { params: { guild_id: server.id }, body, as: this.ownerId });
    return `server ${server.id} renamed`;
  }

  async #createChannel(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const category = this.#random() < 0.5 ? this.#pick(server.categories) : undefined;
    const hidden = this.#random() < 0.2 && server.botRoleId !== null;
    const channel = await this.dev.call("createChannel", {
      params: { guild_id: server.id },
      body: {
        name: this.#name("channel"),
        kind: this.#pick(KINDS)!,
        ...(category !== undefined && { category_id: category }),
        ...(hidden && {
          overwrites: [{ id: server.botRoleId!, type: "role" as const, deny: ["view_channels" as const] }],
        }),
      },
      as: this.ownerId,
    });
    server.channels.push(channel.id);
    return `channel ${channel.id} made${hidden ? " hidden" : ""}`;
  }

  async #changeChannel(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const id = this.#pick(server.channels);
    if (id === undefined) return this.#createChannel();
    const r = this.#random();
    const body =
      r < 0.5
        ? { name: this.#name("channel") }
        : r < 0.75
          ? { topic: this.#random() < 0.3 ? null : this.#name("topic") }
          : { slowmode_seconds: Math.floor(this.#random() * 30) };
    await this.dev.call("updateChannel", { params: { channel_id: id }, body, as: this.ownerId });
    return `channel ${id} changed`;
  }

  async #moveChannel(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const id = this.#pick(server.channels);
    if (id === undefined) return this.#createChannel();
    const category = this.#random() < 0.3 ? null : (this.#pick(server.categories) ?? null);
    const body =
      this.#random() < 0.7 ? { category_id: category } : { position: Math.floor(this.#random() * 20) };
    await this.dev.call("updateChannel", { params: { channel_id: id }, body, as: this.ownerId });
    return `channel ${id} moved`;
  }

  /** Hides a channel from the bot, shows it again, or takes a right from the bot there. */
  async #overwrite(): Promise<string> {
    const server = this.#server();
    const id = server && this.#pick(server.channels);
    if (!server || id === undefined || server.botRoleId === null) return this.#createChannel();
    const r = this.#random();
    const target =
      this.#random() < 0.7
        ? { id: server.botRoleId, type: "role" as const }
        : { id: this.botUserId, type: "member" as const };
    const overwrites =
      r < 0.4
        ? [{ ...target, deny: ["view_channels" as const] }]
        : r < 0.7
          ? []
          : [
              {
                ...target,
                deny: this.#some(["send_messages", "embed_links", "read_message_history"] as const),
              },
            ];
    await this.dev.call("updateChannel", {
      params: { channel_id: id },
      body: { overwrites },
      as: this.ownerId,
    });
    return `channel ${id} overwrites ${JSON.stringify(overwrites)}`;
  }

  async #deleteChannel(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const id = this.#pick(server.channels);
    if (id === undefined) return this.#createChannel();
    await this.dev.call("deleteChannel", { params: { channel_id: id }, as: this.ownerId });
    server.channels.splice(server.channels.indexOf(id), 1);
    return `channel ${id} deleted`;
  }

  async #createCategory(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const category = await this.dev.call("createCategory", {
      params: { guild_id: server.id },
      body: { name: this.#name("category"), position: Math.floor(this.#random() * 10) },
      as: this.ownerId,
    });
    server.categories.push(category.id);
    return `category ${category.id} made`;
  }

  async #createRole(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const role = await this.dev.call("createRole", {
      params: { guild_id: server.id },
      body: { name: this.#name("role"), permissions: this.#some(PERMS), hoist: this.#random() < 0.5 },
      as: this.ownerId,
    });
    server.roles.push(role.id);
    return `role ${role.id} made`;
  }

  async #updateRole(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const id = this.#pick(server.roles);
    if (id === undefined) return this.#createRole();
    const body =
      this.#random() < 0.6
        ? { permissions: this.#some(PERMS) }
        : { name: this.#name("role"), color: "#00ff00", mentionable: this.#random() < 0.5 };
    await this.dev.call("updateRole", {
      params: { guild_id: server.id, role_id: id },
      body,
      as: this.ownerId,
    });
    return `role ${id} changed`;
  }

  async #reorderRoles(): Promise<string> {
    const server = this.#pick(this.servers)!;
    if (server.roles.length < 2) return this.#createRole();
    const order = [...server.roles]
      .sort(() => this.#random() - 0.5)
      .map((id, i) => ({ id, position: i + 1 }));
    await this.dev.call("reorderRoles", { params: { guild_id: server.id }, body: order, as: this.ownerId });
    return `roles of ${server.id} reordered`;
  }

  async #deleteRole(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const id = this.#pick(server.roles);
    if (id === undefined) return this.#createRole();
    await this.dev.call("deleteRole", { params: { guild_id: server.id, role_id: id }, as: this.ownerId });
    server.roles.splice(server.roles.indexOf(id), 1);
    server.botRoles.delete(id);
    return `role ${id} deleted`;
  }

  /** Gives the bot one of the server's roles, or takes one back. */
  async #botRoles(): Promise<string> {
    const server = this.#server();
    const id = server && this.#pick(server.roles);
    if (!server || id === undefined || server.botRoleId === null) return this.#createRole();
    if (server.botRoles.has(id)) server.botRoles.delete(id);
    else server.botRoles.add(id);
    await this.dev.call("updateMember", {
      params: { guild_id: server.id, user_id: this.botUserId },
      body: { roles: [server.botRoleId, ...server.botRoles] },
      as: this.ownerId,
    });
    return `bot's roles in ${server.id}: ${[...server.botRoles].join(",")}`;
  }

  async #reinstall(): Promise<string> {
    const server = this.#pick(this.servers)!;
    if (!server.installed) {
      await this.#install(server);
      return `app installed again in ${server.id}`;
    }
    await this.dev.call("uninstallApp", {
      params: { guild_id: server.id, app_id: this.appId },
      as: this.ownerId,
    });
    server.installed = false;
    server.botRoleId = null;
    server.botRoles.clear();
    return `app uninstalled from ${server.id}`;
  }

  async #installPermissions(): Promise<string> {
    const server = this.#server();
    if (!server) return this.#createServer();
    await this.dev.call("updateInstall", {
      params: { guild_id: server.id, app_id: this.appId },
      body: { permissions: [...DEFAULT_APP_PERMISSIONS, ...this.#some(PERMS)] },
      as: this.ownerId,
    });
    return `install of ${server.id} changed`;
  }

  async #emoji(): Promise<string> {
    const server = this.#pick(this.servers)!;
    const id = this.#pick(server.emojis);
    const r = this.#random();
    const name = this.#name("e").replace("-", "_");
    if (id === undefined || r < 0.4) {
      const emoji = await this.dev.call("createEmoji", {
        params: { guild_id: server.id },
        body: { name },
        as: this.ownerId,
      });
      server.emojis.push(emoji.id);
      return `emoji ${emoji.id} made`;
    }
    if (r < 0.8) {
      await this.dev.call("renameEmoji", {
        params: { guild_id: server.id, emoji_id: id },
        body: { name },
        as: this.ownerId,
      });
      return `emoji ${id} renamed`;
    }
    await this.dev.call("deleteEmoji", { params: { guild_id: server.id, emoji_id: id }, as: this.ownerId });
    server.emojis.splice(server.emojis.indexOf(id), 1);
    return `emoji ${id} deleted`;
  }
}
