import * as v from "valibot";
import { bool, strict, text } from "../fields.js";

/** The most keywords of one rule, and the longest keyword (as on the widely used platform). */
export const AUTOMOD_KEYWORDS_MAX = 1000;
export const AUTOMOD_KEYWORD_LENGTH_MAX = 60;

/** What a keyword matches once its spaces and leading and trailing `*` wildcards are taken off. */
export function automodKeywordCore(keyword: string): string {
  return keyword.trim().replace(/^\*+/, "").replace(/\*+$/, "");
}

const KeywordSchema = v.pipe(
  v.string("expected a string"),
  v.check((k) => automodKeywordCore(k) !== "", "must hold something besides spaces and * wildcards"),
  v.check(
    (k) => k.trim().length <= AUTOMOD_KEYWORD_LENGTH_MAX,
    `at most ${AUTOMOD_KEYWORD_LENGTH_MAX} characters`,
  ),
);

/** `POST /dev/v1/guilds/{id}/automod-rules`: `{ name, keywords, exempt_webhooks? }`. */
export const AutomodRuleBodySchema = strict({
  name: text(1, 100),
  keywords: v.pipe(
    v.array(KeywordSchema, "expected an array"),
    v.minLength(1, "at least 1 keyword"),
    v.maxLength(AUTOMOD_KEYWORDS_MAX, `at most ${AUTOMOD_KEYWORDS_MAX} keywords`),
  ),
  exempt_webhooks: v.optional(bool()),
});
