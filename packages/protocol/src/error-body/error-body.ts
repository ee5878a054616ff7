import * as v from "valibot";
import { WEBHOOK_PAUSED_REASONS } from "../constants/errors.js";
import { arr, bool, str } from "../shared/fields.js";
import { expected, objectMessage } from "../shared/messages.js";

/**
 * An error body (docs/decisions.md#rest-conventions): `code` (a string such as `invalid_body`, or a
 * webhook number such as `50035`), `message`, `errors` by field path, and the extra keys the
 * interface names (`retry_after`, `global`, `scope`, `permission`, `paused_reason`). Other keys are kept.
 */
export const ErrorBodySchema = v.looseObject(
  {
    code: v.union([str(), v.number(expected("a number"))], expected("a string or a number")),
    message: str(),
    errors: v.optional(v.record(str(), arr(str()), expected("an object of message lists"))),
    retry_after: v.optional(v.pipe(v.number(expected("a number")), v.minValue(0, "must be 0 or more"))),
    global: v.optional(bool()),
    scope: v.optional(str()),
    permission: v.optional(str()),
    paused_reason: v.optional(v.picklist(WEBHOOK_PAUSED_REASONS, "must be maker_left or maker_cannot_send")),
  },
  objectMessage,
);

/** An error body. */
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** Whether `value` has the shape of an error body. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return v.is(ErrorBodySchema, value);
}
