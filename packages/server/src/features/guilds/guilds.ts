import { DEFAULT_EVERYONE_PERMISSIONS } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError, MissingPermissionError } from "../../kernel/errors/api-error.js";
import type { ChannelRecord, GuildRecord, RoleRecord } from "../../kernel/world/records.js";
import { requireGuildPermission, visibleGuild } from "../../kernel/visibility/access.js";
import type { PersonActor } from "../../kernel/actors/actor.js";
import { diffChanges, writeAudit } from "../../kernel/audit/audit.js";

/** Input of {@link createGuild}. */
export interface CreateGuildInput {
  readonly name: string;
  readonly owner_id: string;
  readonly description?: string | null | undefined;
}

/** What {@link createGuild} made. */
export interface CreatedGuild {
  readonly guild: GuildRecord;
  readonly everyone: RoleRecord;
  readonly general: ChannelRecord;
}

/** The everyone role of a new server: position 0, `default: true`, the default permissions. */
export function everyoneRole(id: string, guildId: string): RoleRecord {
  return {
    id,
    guild_id: guildId,
    name: "@everyone",
    color: null,
    position: 0,
    permissions: [...DEFAULT_EVERYONE_PERMISSIONS],
    hoist: false,
    mentionable: false,
    managed: false,
    application_id: null,
    default: true,
  };
}

/** Creates a server owned by a person, with its everyone role, the owner as member and `#general`. */
export function createGuild(core: Kernel, input: CreateGuildInput): CreatedGuild {
  return core.transact((tx) => {
    const owner = tx.world.tables.users.get(input.owner_id);
    if (!owner || owner.bot) throw InvalidBodyError.at("owner_id", "no such person");
    const id = core.ids.next();
    const everyone = everyoneRole(core.ids.next(), id);
    const guild: GuildRecord = {
      id,
      name: input.name,
      description: input.description ?? null,
      icon_id: null,
      owner_id: owner.id,
      everyone_role_id: everyone.id,
      created_at: tx.now,
    };
    const general: ChannelRecord = {
      id: core.ids.next(),
      guild_id: id,
      name: "general",
      kind: "text",
      topic: null,
      position: 0,
      category_id: null,
      slowmode_seconds: 0,
      overwrites: [],
    };
    tx.put("guilds", guild);
    tx.put("roles", everyone);
    tx.put("members", {
      guild_id: id,
      user_id: owner.id,
      nickname: null,
      joined_at: tx.now,
      roles: [],
      communication_disabled_until: null,
    });
    tx.put("channels", general);
    return { guild, everyone, general };
  });
}

/** Input of {@link updateGuild}. */
export interface UpdateGuildInput {
  readonly name?: string | undefined;
  readonly description?: string | null | undefined;
}

/** Changes server settings, as a person with `manage_guild`. */
export function updateGuild(
  core: Kernel,
  actor: PersonActor,
  guildId: string,
  input: UpdateGuildInput,
): GuildRecord {
  return core.transact((tx) => {
    const before = visibleGuild(core, actor, guildId);
    requireGuildPermission(core, actor, before, "manage_guild");
    const guild: GuildRecord = {
      ...before,
      name: input.name ?? before.name,
      description: input.description === undefined ? before.description : input.description,
    };
    const changes = diffChanges(before, guild, ["name", "description"]);
    if (changes.length === 0) return before;
    tx.put("guilds", guild);
    tx.emit({ type: "GUILD_UPDATE", guildId, guild, before });
    writeAudit(core, tx, {
      guildId,
      action: "guild_update",
      userId: actor.user.id,
      targetId: guildId,
      changes,
    });
    return guild;
  });
}

/** Deletes a server and everything in it, as its owner; every installed app gets `GUILD_DELETE`. */
export function deleteGuild(core: Kernel, actor: PersonActor, guildId: string): void {
  core.transact((tx) => {
    const guild = visibleGuild(core, actor, guildId);
    if (guild.owner_id !== actor.user.id) {
      throw new MissingPermissionError("administrator", "only the owner can delete the server");
    }
    const installs = [...tx.world.tables.installs.by("guild", guildId).values()];
    const members = [...tx.world.tables.members.by("guild", guildId).values()];
    for (const kind of tx.world.names) {
      if (kind === "guilds" || kind === "users" || kind === "apps" || kind === "presence") {
        continue;
      }
      const table = tx.world.tables[kind];
      for (const key of [...table.by("guild" as never, guildId).keys()]) tx.remove(kind, key);
    }
    tx.remove("guilds", guildId);
    tx.emit({ type: "GUILD_DELETE", guildId, guild, installs });
    tx.afterCommit(() => {
      for (const m of members) core.timeouts.cancel(guildId, m.user_id);
    });
  });
}
