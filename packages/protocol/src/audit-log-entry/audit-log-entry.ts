import * as v from "valibot";
import { AUDIT_LOG_ACTION_NAMES, AUDIT_LOG_ACTION_TYPES, AUDIT_LOG_ACTIONS } from "../constants/audit-log.js";
import { arr, nullableStr, obj, str, uint } from "../shared/fields.js";
import { expected } from "../shared/messages.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** One change of an audit log entry: the key and its old and new values (absent when none). */
export const AuditLogChangeSchema = obj({
  key: str(),
  old_value: v.optional(v.unknown()),
  new_value: v.optional(v.unknown()),
});

/** An audit log change. */
export type AuditLogChange = v.InferOutput<typeof AuditLogChangeSchema>;

/**
 * An audit log entry, as in `GUILD_AUDIT_LOG_ENTRY_CREATE`. `action_type` and `action` are a pair of
 * {@link AUDIT_LOG_ACTIONS}; `user_id` is who acted (null for the service itself, such as AutoMod).
 */
export const AuditLogEntrySchema = v.pipe(
  obj({
    id: SnowflakeSchema,
    guild_id: SnowflakeSchema,
    action_type: v.picklist(AUDIT_LOG_ACTION_TYPES, "must be an audit log action number"),
    action: v.picklist(AUDIT_LOG_ACTION_NAMES, "must be an audit log action name"),
    user_id: v.nullable(SnowflakeSchema),
    target_id: v.nullable(SnowflakeSchema),
    reason: nullableStr(),
    options: v.record(str(), v.unknown(), expected("an object")),
    changes: arr(AuditLogChangeSchema),
    created_at: uint(),
  }),
  v.forward(
    v.partialCheck(
      [["action_type"], ["action"]],
      (entry) => AUDIT_LOG_ACTIONS[entry.action] === entry.action_type,
      "must be the number of the action",
    ),
    ["action_type"],
  ),
);

/** An audit log entry. */
export type AuditLogEntry = v.InferOutput<typeof AuditLogEntrySchema>;
