import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { int, maxText, obj, str } from "../shared/fields.js";
import { expected } from "../shared/messages.js";
import { embedBaseEntries } from "./embed-field.js";

/** The largest embed color, `0xFFFFFF`. */
export const MAX_EMBED_COLOR = 0xff_ff_ff;

/** An embed color as a number, 0 to 0xFFFFFF. */
export const EmbedColorNumberSchema = v.pipe(
  int(),
  v.minValue(0, "must be 0 to 16777215 (0xFFFFFF)"),
  v.maxValue(MAX_EMBED_COLOR, "must be 0 to 16777215 (0xFFFFFF)"),
);

/** An embed color: a `#rrggbb` string or a number 0 to 0xFFFFFF. */
export const EmbedColorSchema = v.union(
  [v.pipe(str(), v.regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb color")), EmbedColorNumberSchema],
  expected("a #rrggbb string or an integer 0 to 16777215"),
);

/**
 * An embed sent by a bot: title 256, description 4,096, url http(s), color, up to 25 fields, footer
 * text 2,048, author name 256, ISO 8601 timestamp. Lengths count UTF-16 code units. Images,
 * thumbnails, video and provider are accepted and dropped.
 */
export const EmbedSchema = obj({
  ...embedBaseEntries,
  color: v.optional(EmbedColorSchema),
  author: v.optional(obj({ name: maxText(LIMITS.embedAuthorName) })),
});

/** A bot embed. */
export type Embed = v.InferOutput<typeof EmbedSchema>;
