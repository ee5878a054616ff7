import type * as v from "valibot";
import { PermissionNameSchema } from "../names/names.js";
import { arr, bool, int, nullableStr, obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** A role. `position`: higher is more important; `default` marks the everyone role. */
export const RoleSchema = obj({
  id: SnowflakeSchema,
  name: str(),
  color: nullableStr(),
  position: int(),
  permissions: arr(PermissionNameSchema),
  hoist: bool(),
  mentionable: bool(),
  /** `true` for an app's role, which only installs can change. */
  managed: bool(),
  default: bool(),
});

/** A role object. */
export type Role = v.InferOutput<typeof RoleSchema>;
