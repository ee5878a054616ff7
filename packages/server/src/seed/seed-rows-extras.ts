import { LIMITS } from "@chatbot/protocol";
import type { AutomodRuleRecord } from "../features/automod/automod-rule-record.js";
import { type CommandRecord, commandScopeKey } from "../features/commands/command-record.js";
import { idTimestamp } from "../kernel/ids.js";
import type { WebhookRecord } from "../features/webhooks/webhook-record.js";
import { hashWebhookSecret } from "../features/webhooks/webhook-secret.js";
import type { ChannelRecord, LinkCardRecord, MessageRecord, UserRecord } from "../kernel/world/records.js";
import { pairKey } from "../kernel/world/world.js";
import type { SeedIssues } from "./seed-issues.js";
import type { ParsedSeedWorld } from "@chatbot/protocol/dev";

/** What the checks of the extra tables read from the rest of the seed. */
export interface SeedContext {
  readonly users: ReadonlyMap<string, UserRecord>;
  readonly appIds: ReadonlySet<string>;
  readonly guildIds: ReadonlySet<string>;
  readonly channels: ReadonlyMap<string, ChannelRecord>;
  /** `guild_id:application_id` of every install. */
  readonly installs: ReadonlySet<string>;
}

/** The seed's webhooks as records (a `secret` is kept only as its hash), references checked. */
export function seedWebhooks(
  seed: ParsedSeedWorld,
  ctx: SeedContext,
  now: number,
  issues: SeedIssues,
): WebhookRecord[] {
  const need = (ok: boolean, path: string, message: string) => issues.check(ok, path, message);
  const webhooks = seed.webhooks.map((w, i): WebhookRecord => {
    const channel = ctx.channels.get(w.channel_id);
    const inChannel = need(
      channel !== undefined && channel.kind !== "voice",
      `webhooks.${i}.channel_id`,
      "no such text channel",
    );
    if (!inChannel) issues.refuse("webhooks", w.id);
    need(
      w.guild_id === undefined || w.guild_id === channel?.guild_id,
      `webhooks.${i}.guild_id`,
      "must be the channel's guild",
    );
    need(ctx.users.get(w.maker_id)?.bot === false, `webhooks.${i}.maker_id`, "no such person");
    need(!ctx.users.has(w.id), `webhooks.${i}.id`, "is the id of a user");
    return {
      id: w.id,
      guild_id: channel?.guild_id ?? "",
      channel_id: w.channel_id,
      name: w.name,
      avatar_id: w.avatar_id,
      maker_id: w.maker_id,
      secret_hash: w.secret !== undefined ? hashWebhookSecret(w.secret) : (w.secret_hash ?? ""),
      maker_left: w.maker_left,
      created_at: w.created_at ?? (idTimestamp(w.id) || now),
    };
  });
  issues.unique(webhooks, "webhooks", (w) => w.id);
  return webhooks;
}

/** The seed's commands, checked: known app, server where it is installed, 100 per scope, names unique. */
export function seedCommands(seed: ParsedSeedWorld, ctx: SeedContext, issues: SeedIssues): CommandRecord[] {
  const need = (ok: boolean, path: string, message: string) => issues.check(ok, path, message);
  const commands = seed.commands.map((c, i): CommandRecord => {
    need(ctx.appIds.has(c.application_id), `commands.${i}.application_id`, "no such app");
    if (c.guild_id !== null) {
      need(
        ctx.installs.has(pairKey(c.guild_id, c.application_id)),
        `commands.${i}.guild_id`,
        "the app is not installed in this guild",
      );
    }
    return {
      id: c.id,
      application_id: c.application_id,
      guild_id: c.guild_id,
      name: c.name,
      description: c.description,
      options: c.options,
      default_member_permissions: c.default_member_permissions,
    };
  });
  issues.unique(commands, "commands", (c) => c.id);
  issues.unique(
    commands,
    "commands",
    (c) => `${commandScopeKey(c.application_id, c.guild_id)}:${c.name}`,
    "command named",
  );
  const perScope = new Map<string, number>();
  commands.forEach((c, i) => {
    const scope = commandScopeKey(c.application_id, c.guild_id);
    const count = (perScope.get(scope) ?? 0) + 1;
    perScope.set(scope, count);
    need(
      count <= LIMITS.commandsPerScope,
      `commands.${i}`,
      `more than ${LIMITS.commandsPerScope} commands in one scope`,
    );
  });
  return commands;
}

/** The seed's AutoMod rules, checked. */
export function seedAutomodRules(
  seed: ParsedSeedWorld,
  ctx: SeedContext,
  now: number,
  issues: SeedIssues,
): AutomodRuleRecord[] {
  const need = (ok: boolean, path: string, message: string) => issues.check(ok, path, message);
  const rules = seed.automod_rules.map((r, i): AutomodRuleRecord => {
    need(ctx.guildIds.has(r.guild_id), `automod_rules.${i}.guild_id`, "no such guild");
    need(ctx.users.get(r.creator_id)?.bot === false, `automod_rules.${i}.creator_id`, "no such person");
    return { ...r, keywords: [...r.keywords], created_at: r.created_at ?? (idTimestamp(r.id) || now) };
  });
  issues.unique(rules, "automod_rules", (r) => r.id);
  return rules;
}

/**
 * The webhook part of a seeded message: a post whose `webhook.id` is its `author_id` and a webhook of
 * its channel; any other message's author must be a user. Cards keep their given keys.
 */
export function seedMessageAuthor(
  message: ParsedSeedWorld["messages"][number],
  index: number,
  users: ReadonlyMap<string, UserRecord>,
  webhooks: ReadonlyMap<string, WebhookRecord>,
  issues: SeedIssues,
): Pick<MessageRecord, "webhook" | "cards"> {
  const need = (ok: boolean, path: string, message: string) => issues.check(ok, path, message);
  if (!message.webhook) {
    need(users.has(message.author_id), `messages.${index}.author_id`, "no such user");
    return {};
  }
  const webhook = webhooks.get(message.author_id);
  // A webhook refused for its channel is reported there, not again for each of its posts.
  if (webhook !== undefined && issues.isRefused("webhooks", webhook.id)) return {};
  need(
    webhook !== undefined && webhook.channel_id === message.channel_id && message.webhook.id === webhook.id,
    `messages.${index}.webhook.id`,
    "must be the author_id and a webhook of the channel",
  );
  const cards = (message.cards ?? []).map((c) => {
    const out: { -readonly [K in keyof LinkCardRecord]: LinkCardRecord[K] } = { url: c.url };
    if (c.title !== undefined) out.title = c.title;
    if (c.description !== undefined) out.description = c.description;
    return out;
  });
  return { webhook: { ...message.webhook }, cards };
}
