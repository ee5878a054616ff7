import { AUDIT_LOG_ACTIONS, INTENTS } from "@chatbot/protocol";
import { idTimestamp } from "../kernel/ids.js";
import { everyoneRole } from "../features/guilds/guilds.js";
import { normalizeEmbed } from "../features/messages/message-input.js";
import { hashToken } from "../kernel/actors/tokens.js";
import type { StoredRows } from "../kernel/store/store.js";
import type {
  AppRecord,
  ChannelRecord,
  GuildRecord,
  InstallRecord,
  MemberRecord,
  MessageRecord,
  RoleRecord,
  UserRecord,
} from "../kernel/world/records.js";
import type { WebhookRecord } from "../features/webhooks/webhook-record.js";
import { pairKey } from "../kernel/world/world.js";
import { DerivedIds } from "./seed-derived-ids.js";
import { SeedIssues } from "./seed-issues.js";
import { seedAutomodRules, seedCommands, seedMessageAuthor, seedWebhooks } from "./seed-rows-extras.js";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";

/**
 * Turns a validated seed into the world's rows: fills in the defaults (bot accounts, everyone roles,
 * managed roles and bot members of installs, owners as members, times from ids) and checks every
 * reference; one {@link SeedError} names every bad path. The ids of what the seed leaves out are
 * derived from the seed alone ({@link DerivedIds}), so a seed gives the same ids on every start;
 * `now` is the time of what has no time of its own (members' `joined_at`, installs' `created_at`).
 */
export function seedToRows(seed: ParsedSeedWorld, now: number): StoredRows {
  const issues = new SeedIssues();
  const derived = new DerivedIds(seed);
  const need = (ok: boolean, path: string, message: string) => issues.check(ok, path, message);
  const unique = <T>(items: readonly T[], table: string, key: (item: T) => string) =>
    issues.unique(items, table, key);
  const users = new Map<string, UserRecord>();
  seed.users.forEach((u) => {
    users.set(u.id, {
      id: u.id,
      username: u.username,
      name: u.name ?? u.username,
      avatar_id: u.avatar_id,
      bot: u.bot,
    });
  });
  unique(seed.users, "users", (u) => u.id);

  const apps: AppRecord[] = seed.apps.map((a, i) => {
    if (a.owner_id !== null)
      need(users.get(a.owner_id)?.bot === false, `apps.${i}.owner_id`, "no such person");
    const botId = a.bot_user_id ?? derived.derive("bot_user", [a.id], `apps.${i}.bot_user_id`);
    if (!users.has(botId))
      users.set(botId, { id: botId, username: `app_${a.id}`, name: a.name, avatar_id: null, bot: true });
    need(users.get(botId)?.bot === true, `apps.${i}.bot_user_id`, "must be a user with bot: true");
    return {
      id: a.id,
      name: a.name,
      description: a.description,
      owner_id: a.owner_id,
      bot_user_id: botId,
      token_hash: a.token !== undefined ? hashToken(a.token) : (a.token_hash ?? ""),
      enabled: a.enabled,
      privileged_intents: [...new Set(a.privileged_intents)],
      review_state: a.review_state,
    };
  });
  unique(apps, "apps", (a) => a.id);
  unique(apps, "apps", (a) => `token ${a.token_hash}`);
  const appById = new Map(apps.map((a) => [a.id, a]));

  const roles = new Map<string, RoleRecord>();
  const guilds: GuildRecord[] = seed.guilds.map((g, i) => {
    need(users.get(g.owner_id)?.bot === false, `guilds.${i}.owner_id`, "no such person");
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      icon_id: g.icon_id,
      owner_id: g.owner_id,
      everyone_role_id: g.everyone_role_id ?? "",
      created_at: g.created_at ?? idTimestamp(g.id),
    };
  });
  unique(guilds, "guilds", (g) => g.id);
  const guildById = new Map(guilds.map((g) => [g.id, g]));

  seed.roles.forEach((r, i) => {
    need(guildById.has(r.guild_id), `roles.${i}.guild_id`, "no such guild");
    if (r.application_id !== null)
      need(appById.has(r.application_id), `roles.${i}.application_id`, "no such app");
    roles.set(r.id, { ...r, position: r.default ? 0 : r.position, permissions: [...r.permissions] });
  });
  unique(seed.roles, "roles", (r) => r.id);

  // Each server's default roles, found in one pass over the roles (not one pass per server).
  const defaultRoles = new Map<string, RoleRecord[]>();
  for (const r of roles.values()) {
    if (!r.default) continue;
    const list = defaultRoles.get(r.guild_id);
    if (list) list.push(r);
    else defaultRoles.set(r.guild_id, [r]);
  }
  guilds.forEach((g, i) => {
    const defaults = defaultRoles.get(g.id) ?? [];
    need(defaults.length <= 1, `guilds.${i}`, "has more than one role with default: true");
    const everyoneId =
      g.everyone_role_id ||
      defaults[0]?.id ||
      derived.derive("everyone_role", [g.id], `guilds.${i}.everyone_role_id`);
    if (!roles.has(everyoneId) && defaults.length === 0)
      roles.set(everyoneId, everyoneRole(everyoneId, g.id));
    const everyone = roles.get(everyoneId);
    need(
      everyone?.guild_id === g.id && everyone.default,
      `guilds.${i}.everyone_role_id`,
      "must be a role of this guild with default: true",
    );
    guilds[i] = { ...g, everyone_role_id: everyoneId };
  });

  const categories = seed.categories.map((c, i) => {
    need(guildById.has(c.guild_id), `categories.${i}.guild_id`, "no such guild");
    return { ...c };
  });
  unique(categories, "categories", (c) => c.id);
  const categoryById = new Map(categories.map((c) => [c.id, c]));

  const members = new Map<string, MemberRecord>();
  seed.members.forEach((m, i) => {
    need(guildById.has(m.guild_id), `members.${i}.guild_id`, "no such guild");
    need(users.has(m.user_id), `members.${i}.user_id`, "no such user");
    m.roles.forEach((r, j) => {
      const role = roles.get(r);
      need(
        role?.guild_id === m.guild_id && !role.default,
        `members.${i}.roles.${j}`,
        "no such role in this guild",
      );
    });
    need(!members.has(pairKey(m.guild_id, m.user_id)), `members.${i}`, "a second entry for this member");
    members.set(pairKey(m.guild_id, m.user_id), {
      guild_id: m.guild_id,
      user_id: m.user_id,
      nickname: m.nickname,
      joined_at: m.joined_at ?? now,
      roles: [...m.roles],
      communication_disabled_until: m.communication_disabled_until,
    });
  });
  for (const g of guilds) {
    const key = pairKey(g.id, g.owner_id);
    if (!members.has(key)) {
      members.set(key, {
        guild_id: g.id,
        user_id: g.owner_id,
        nickname: null,
        joined_at: g.created_at,
        roles: [],
        communication_disabled_until: null,
      });
    }
  }

  const installs: InstallRecord[] = seed.installs.map((s, i) => {
    const app = appById.get(s.application_id);
    need(guildById.has(s.guild_id), `installs.${i}.guild_id`, "no such guild");
    const roleId =
      s.role_id ?? derived.derive("install_role", [s.guild_id, s.application_id], `installs.${i}.role_id`);
    const record: InstallRecord = {
      guild_id: s.guild_id,
      application_id: s.application_id,
      scopes: [...new Set(s.scopes)],
      intents: [...new Set(s.intents ?? INTENTS)],
      permissions: [...s.permissions],
      role_id: roleId,
      installed_by: s.installed_by,
      created_at: s.created_at ?? now,
    };
    if (!need(app !== undefined, `installs.${i}.application_id`, "no such app") || !app) return record;
    if (!roles.has(roleId)) {
      roles.set(roleId, {
        id: roleId,
        guild_id: s.guild_id,
        name: app.name,
        color: null,
        position: 1,
        permissions: [...s.permissions],
        hoist: false,
        mentionable: false,
        managed: true,
        application_id: app.id,
        default: false,
      });
    }
    const role = roles.get(roleId);
    need(
      role?.guild_id === s.guild_id && role.managed,
      `installs.${i}.role_id`,
      "must be a managed role of this guild",
    );
    const botKey = pairKey(s.guild_id, app.bot_user_id);
    const bot = members.get(botKey);
    if (!bot) {
      members.set(botKey, {
        guild_id: s.guild_id,
        user_id: app.bot_user_id,
        nickname: null,
        joined_at: s.created_at ?? now,
        roles: [roleId],
        communication_disabled_until: null,
      });
    } else if (!bot.roles.includes(roleId)) members.set(botKey, { ...bot, roles: [...bot.roles, roleId] });
    return record;
  });
  unique(installs, "installs", (s) => pairKey(s.guild_id, s.application_id));

  const channels: ChannelRecord[] = seed.channels.map((c, i) => {
    need(guildById.has(c.guild_id), `channels.${i}.guild_id`, "no such guild");
    if (c.category_id !== null) {
      need(
        categoryById.get(c.category_id)?.guild_id === c.guild_id,
        `channels.${i}.category_id`,
        "no such category in this guild",
      );
    }
    c.overwrites.forEach((o, j) => {
      const ok =
        o.type === "role" ? roles.get(o.id)?.guild_id === c.guild_id : members.has(pairKey(c.guild_id, o.id));
      need(ok, `channels.${i}.overwrites.${j}.id`, `no such ${o.type} in this guild`);
    });
    return { ...c, overwrites: c.overwrites.map((o) => ({ ...o })) };
  });
  unique(channels, "channels", (c) => c.id);
  const channelById = new Map(channels.map((c) => [c.id, c]));

  const context = {
    users,
    appIds: new Set(appById.keys()),
    guildIds: new Set(guildById.keys()),
    channels: channelById,
    installs: new Set(installs.map((s) => pairKey(s.guild_id, s.application_id))),
  };
  const webhooks = seedWebhooks(seed, context, now, issues);
  // The first webhook of each id, as a search of the list would find it (a second one is an issue).
  const webhookById = new Map<string, WebhookRecord>();
  for (const w of webhooks) if (!webhookById.has(w.id)) webhookById.set(w.id, w);
  const messageIds = new Set(seed.messages.map((m) => m.id));
  const messages: MessageRecord[] = seed.messages.map((m, i) => {
    const channel = channelById.get(m.channel_id);
    need(channel !== undefined, `messages.${i}.channel_id`, "no such channel");
    need(
      m.guild_id === undefined || m.guild_id === channel?.guild_id,
      `messages.${i}.guild_id`,
      "must be the channel's guild",
    );
    const { webhook: _webhook, cards: _cards, ...rest } = m;
    const byWebhook = seedMessageAuthor(m, i, users, webhookById, issues);
    if (m.reply_to !== null) need(messageIds.has(m.reply_to), `messages.${i}.reply_to`, "no such message");
    return {
      ...rest,
      ...byWebhook,
      guild_id: channel?.guild_id ?? "",
      embeds: m.embeds.map(normalizeEmbed),
      mentions: { users: [...m.mentions.users], roles: [...m.mentions.roles], everyone: m.mentions.everyone },
      reactions: m.reactions.map((r) => ({ emoji: { ...r.emoji }, user_ids: [...r.user_ids] })),
      created_at: m.created_at ?? idTimestamp(m.id),
    };
  });
  unique(messages, "messages", (m) => m.id);

  const bans = seed.bans.map((b, i) => {
    need(guildById.has(b.guild_id), `bans.${i}.guild_id`, "no such guild");
    need(users.has(b.user_id), `bans.${i}.user_id`, "no such user");
    return { ...b, created_at: b.created_at ?? now };
  });
  const emojis = seed.emojis.map((e, i) => {
    need(guildById.has(e.guild_id), `emojis.${i}.guild_id`, "no such guild");
    return { ...e, image_id: e.image_id ?? e.id };
  });
  unique(emojis, "emojis", (e) => e.id);
  const auditLog = seed.audit_log.map((a, i) => {
    need(guildById.has(a.guild_id), `audit_log.${i}.guild_id`, "no such guild");
    need(
      a.action_type === undefined || a.action_type === AUDIT_LOG_ACTIONS[a.action],
      `audit_log.${i}.action_type`,
      "must be the number of the action",
    );
    return { ...a, action_type: AUDIT_LOG_ACTIONS[a.action], created_at: a.created_at ?? idTimestamp(a.id) };
  });

  const commands = seedCommands(seed, context, issues);
  const automodRules = seedAutomodRules(seed, context, now, issues);
  issues.throwIfAny();
  return {
    users: [...users.values()],
    apps,
    guilds,
    roles: [...roles.values()],
    categories,
    channels,
    members: [...members.values()],
    installs,
    messages,
    bans,
    emojis,
    audit_log: auditLog,
    webhooks,
    commands,
    automod_rules: automodRules,
  };
}
