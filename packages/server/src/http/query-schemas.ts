import { SnowflakeSchema } from "@chatbot/protocol";
import * as v from "valibot";

/** A query value that must be a whole number from `min` to `max`. */
export function intQuery(min: number, max: number) {
  return v.pipe(
    v.string("expected a single value"),
    v.regex(/^[0-9]{1,7}$/, `must be an integer from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `must be an integer from ${min} to ${max}`),
    v.maxValue(max, `must be an integer from ${min} to ${max}`),
  );
}

/** `limit` (1–100, default 50), `before`, `after` of a message list. */
export const MessagePageQuerySchema = v.object({
  limit: v.optional(intQuery(1, 100), "50"),
  before: v.optional(SnowflakeSchema),
  after: v.optional(SnowflakeSchema),
});

/** `limit` (1–1000, default 1) and `after` of a member list, in user id order. */
export const MemberPageQuerySchema = v.object({
  limit: v.optional(intQuery(1, 1000), "1"),
  after: v.optional(SnowflakeSchema),
});

/** `limit` (1–1000, default 100) of an audit log list. */
export const AuditLogQuerySchema = v.object({
  limit: v.optional(intQuery(1, 1000), "100"),
});
