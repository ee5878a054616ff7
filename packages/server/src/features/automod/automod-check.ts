import type { Kernel } from "../../kernel/kernel.js";
import { ApiError } from "../../kernel/errors/api-error.js";
import { compareIds } from "../../kernel/ids.js";
import { writeAudit } from "../../kernel/audit/audit.js";
import type { AutomodRuleRecord } from "./automod-rule-record.js";
import { matcherOf } from "./keyword-matcher.js";

/** Who wrote the post being checked. */
export type AutomodSource = "person" | "webhook";

/** The rule a post broke, and the keyword it contained. */
export interface AutomodHit {
  readonly rule: AutomodRuleRecord;
  readonly keyword: string;
}

/** The text parts of a post that AutoMod reads. */
export interface PostText {
  readonly content?: string | undefined;
  readonly embeds?:
    | readonly {
        readonly title?: string | undefined;
        readonly description?: string | undefined;
        readonly fields?: readonly { readonly name: string; readonly value: string }[] | undefined;
        readonly footer?: { readonly text: string } | undefined;
        readonly author?: { readonly name: string } | undefined;
      }[]
    | undefined;
  readonly cards?:
    readonly { readonly title?: string | undefined; readonly description?: string | undefined }[] | undefined;
  readonly poll?:
    | { readonly question: { readonly text: string }; readonly answers: readonly { readonly text: string }[] }
    | undefined;
}

/** Every piece of text a post shows: content, embed and card text, poll question and answers. */
export function postTexts(post: PostText): string[] {
  const texts: string[] = [];
  const add = (text: string | undefined) => {
    if (text) texts.push(text);
  };
  add(post.content);
  for (const embed of post.embeds ?? []) {
    add(embed.title);
    add(embed.description);
    for (const field of embed.fields ?? []) {
      add(field.name);
      add(field.value);
    }
    add(embed.footer?.text);
    add(embed.author?.name);
  }
  for (const card of post.cards ?? []) {
    add(card.title);
    add(card.description);
  }
  if (post.poll) {
    add(post.poll.question.text);
    for (const answer of post.poll.answers) add(answer.text);
  }
  return texts;
}

/**
 * The first rule of the server (oldest first) that the text of `post` breaks, or null. Rules that
 * exempt webhooks do not check webhook posts.
 */
export function findAutomodHit(
  core: Kernel,
  guildId: string,
  source: AutomodSource,
  post: PostText,
): AutomodHit | null {
  const rules = core.world.tables.automod_rules.by("guild", guildId);
  if (rules.size === 0) return null;
  const texts = postTexts(post);
  if (texts.length === 0) return null;
  for (const rule of [...rules.values()].sort((a, b) => compareIds(a.id, b.id))) {
    if (source === "webhook" && rule.exempt_webhooks) continue;
    const matcher = matcherOf(rule.keywords);
    for (const text of texts) {
      const keyword = matcher.match(text);
      if (keyword !== null) return { rule, keyword };
    }
  }
  return null;
}

/**
 * Writes the block to the server's audit log (`143 automod_block_message`), in a transaction of its
 * own: the post itself is never saved. `user_id` and `target_id` are the author (a person, or the
 * webhook); `options` name the channel, the rule and the keyword.
 */
export function recordAutomodBlock(core: Kernel, hit: AutomodHit, channelId: string, authorId: string): void {
  core.transact((tx) => {
    writeAudit(core, tx, {
      guildId: hit.rule.guild_id,
      action: "automod_block_message",
      userId: authorId,
      targetId: authorId,
      options: {
        channel_id: channelId,
        rule_id: hit.rule.id,
        rule_name: hit.rule.name,
        matched_keyword: hit.keyword,
        trigger_type: 1,
      },
    });
  });
}

/** `403 automod_blocked`: a person's message broke an AutoMod rule and was not posted. */
export class AutomodBlockedError extends ApiError {
  constructor(hit: AutomodHit) {
    super(403, "automod_blocked", `AutoMod blocked the message: it breaks the rule "${hit.rule.name}"`, {
      rule_id: hit.rule.id,
    });
  }
}
