import * as v from "valibot";
import { INTENTS } from "../constants/intents.js";
import { PERMISSION_NAMES } from "../constants/permissions.js";
import { SCOPES } from "../constants/scopes.js";

/** A permission name such as `send_messages` (docs/decisions.md#permission-names). */
export const PermissionNameSchema = v.picklist(
  PERMISSION_NAMES,
  "must be a permission name such as send_messages",
);

/** An install scope name such as `messages.read`. */
export const ScopeSchema = v.picklist(SCOPES, `must be one of the scopes ${SCOPES.join(", ")}`);

/** A gateway intent name such as `guild_messages`. */
export const IntentSchema = v.picklist(INTENTS, `must be one of the intents ${INTENTS.join(", ")}`);
