import * as v from "valibot";
import { arr, bool, int, obj, str, uint } from "../shared/fields.js";

/** One answer of a poll with its vote count. */
export const PollAnswerSchema = obj({
  answer_id: int(),
  text: str(),
  votes: uint(),
});

/** A poll answer. */
export type PollAnswer = v.InferOutput<typeof PollAnswerSchema>;

/** The poll of a message; `expires_at` in Unix ms, or null (docs/decisions.md#shapes-left-open). */
export const PollSchema = obj({
  question: obj({ text: str() }),
  answers: arr(PollAnswerSchema),
  expires_at: v.nullable(uint()),
  allow_multiselect: bool(),
});

/** A poll object. */
export type Poll = v.InferOutput<typeof PollSchema>;
