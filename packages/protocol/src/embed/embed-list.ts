import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { list } from "../shared/fields.js";
import { EmbedSchema } from "./embed.js";
import { countEmbedCharacters, type EmbedText } from "./embed-characters.js";

const TOTAL_MESSAGE = `at most ${LIMITS.embedTotalCharacters} embed characters in total (title, description, fields, footer and author across all embeds)`;

/** Builds the `embeds` of a body: at most 10 embeds with at most 6,000 embed characters in total. */
export function embedList<const S extends v.GenericSchema<unknown, EmbedText>>(embed: S, max: number) {
  return v.pipe(
    list(embed, max, "embeds"),
    v.check((embeds) => countEmbedCharacters(embeds) <= LIMITS.embedTotalCharacters, TOTAL_MESSAGE),
  );
}

/** The `embeds` of a bot's message body: up to 10, 6,000 embed characters in total. */
export const EmbedListSchema = embedList(EmbedSchema, LIMITS.embedsPerMessage);
