import { automodKeywordCore } from "@chatbot/protocol/dev";

/**
 * Keyword matching of AutoMod rules, like the widely used platform's keyword filter: case-insensitive,
 * whole words by default, and `*` at either end of a keyword as a wildcard:
 *
 * | Keyword | Matches | Does not match |
 * | --- | --- | --- |
 * | `cat` | "cat", "Cat!" | "catch", "bobcat" |
 * | `cat*` | "catch", "CATapult" | "bobcat" |
 * | `*cat` | "bobcat", "copycat" | "catch" |
 * | `*cat*` | "location", "concatenate" | "c a t" |
 *
 * A word is a run of letters, digits and `_` (any script); a keyword may hold several words (a
 * phrase) and punctuation, matched as written. A `*` anywhere else is a literal character.
 */

const WORD = "[\\p{L}\\p{N}_]";

/** The part of a keyword between its wildcards; empty when it has nothing else. */
export const keywordCore = automodKeywordCore;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** The regular expression source of one keyword. */
export function keywordPattern(keyword: string): string {
  const trimmed = keyword.trim();
  const core = escapeRegExp(keywordCore(trimmed));
  const before = trimmed.startsWith("*") ? "" : `(?<!${WORD})`;
  const after = trimmed.endsWith("*") ? "" : `(?!${WORD})`;
  return `${before}${core}${after}`;
}

/** A compiled keyword list: which keyword (if any) a text contains. */
export class KeywordMatcher {
  private readonly any: RegExp;
  private readonly each: readonly { keyword: string; pattern: RegExp }[];

  constructor(keywords: readonly string[]) {
    const usable = keywords.filter((k) => keywordCore(k) !== "");
    this.each = usable.map((keyword) => ({ keyword, pattern: new RegExp(keywordPattern(keyword), "iu") }));
    this.any =
      usable.length === 0
        ? /(?!)/u
        : new RegExp(usable.map((k) => `(?:${keywordPattern(k)})`).join("|"), "iu");
  }

  /** The first keyword (in the rule's order) that `text` contains, or null. */
  match(text: string): string | null {
    if (!this.any.test(text)) return null;
    for (const { keyword, pattern } of this.each) if (pattern.test(text)) return keyword;
    return null;
  }
}

const matchers = new WeakMap<readonly string[], KeywordMatcher>();

/** The matcher of a keyword list, compiled once per list (records are never changed in place). */
export function matcherOf(keywords: readonly string[]): KeywordMatcher {
  let matcher = matchers.get(keywords);
  if (!matcher) {
    matcher = new KeywordMatcher(keywords);
    matchers.set(keywords, matcher);
  }
  return matcher;
}
