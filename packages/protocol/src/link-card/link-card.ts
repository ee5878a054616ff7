import * as v from "valibot";
import { LIMITS } from "../constants/limits.js";
import { httpUrl, maxText, obj } from "../shared/fields.js";

/**
 * A link card of a webhook post: `url` (http or https), `title` up to 256 and `description` up to
 * 1,024 characters. Picture keys are accepted and dropped (docs/decisions.md#shapes-left-open).
 */
export const LinkCardSchema = obj({
  url: httpUrl(),
  title: v.optional(maxText(LIMITS.linkCardTitle)),
  description: v.optional(maxText(LIMITS.linkCardDescription)),
});

/** A link card. */
export type LinkCard = v.InferOutput<typeof LinkCardSchema>;
