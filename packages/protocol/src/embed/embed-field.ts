import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { bool, httpUrl, isoTimestamp, list, maxText, obj, rangedText } from "../shared/fields.js";

/** A field of an embed: `name` up to 256 characters, `value` up to 1,024. */
export const EmbedFieldSchema = obj({
  name: rangedText(1, LIMITS.embedFieldName),
  value: rangedText(1, LIMITS.embedFieldValue),
  inline: v.optional(bool()),
});

/** An embed field. */
export type EmbedField = v.InferOutput<typeof EmbedFieldSchema>;

/**
 * The entries that bot and webhook embeds share. Keys not listed (image, thumbnail, video, provider,
 * icon URLs) are accepted and dropped.
 */
export const embedBaseEntries = {
  title: v.optional(maxText(LIMITS.embedTitle)),
  description: v.optional(maxText(LIMITS.embedDescription)),
  url: v.optional(httpUrl()),
  timestamp: v.optional(isoTimestamp()),
  fields: v.optional(list(EmbedFieldSchema, LIMITS.embedFields, "fields")),
  footer: v.optional(obj({ text: maxText(LIMITS.embedFooterText) })),
};
