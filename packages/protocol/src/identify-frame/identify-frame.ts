import * as v from "valibot";
import { isIntent } from "../constants/intents.js";
import { arr, obj, str } from "../shared/fields.js";
import { expected } from "../shared/messages.js";

/**
 * The `identify` frame: `d: { token, intents }`. Intent names are not checked here: the server closes
 * with `4013` for a name it does not know (see {@link unknownIntents}). Other keys of `d` are dropped.
 */
export const IdentifyFrameSchema = obj({
  op: v.literal("identify", expected('"identify"')),
  d: obj({ token: str(), intents: arr(str()) }),
});

/** An `identify` frame. */
export type IdentifyFrame = v.InferOutput<typeof IdentifyFrameSchema>;

/** The names in `intents` that are not intents of the interface (any one closes with `4013`). */
export function unknownIntents(intents: readonly string[]): string[] {
  return intents.filter((name) => !isIntent(name));
}
