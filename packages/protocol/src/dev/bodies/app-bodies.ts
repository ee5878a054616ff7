import * as v from "valibot";
import { REVIEW_STATES } from "../../application/application.js";
import { IntentSchema } from "../../names/names.js";
import { SnowflakeSchema } from "../../snowflake/snowflake.js";
import { array, bool, int, strict, text } from "../fields.js";

/** `POST /dev/v1/users`. */
export const CreateUserBodySchema = strict({
  username: v.pipe(text(2, 32), v.regex(/^[a-z0-9_.]+$/, "must be lowercase letters, digits, _ or .")),
  name: v.optional(text(1, 80)),
});

/** `POST /dev/v1/apps`. */
export const CreateAppBodySchema = strict({
  name: text(1, 80),
  description: v.optional(text(0, 400)),
  owner_id: v.optional(SnowflakeSchema),
  privileged_intents: v.optional(array(IntentSchema, 10, "intents")),
});

/** `PATCH /dev/v1/apps/{id}`. */
export const PatchAppBodySchema = strict({
  enabled: v.optional(bool()),
  privileged_intents: v.optional(array(IntentSchema, 10, "intents")),
  review_state: v.optional(v.picklist(REVIEW_STATES, `must be one of ${REVIEW_STATES.join(", ")}`)),
  name: v.optional(text(1, 80)),
  description: v.optional(text(0, 400)),
});

/** `POST /dev/v1/clock`. */
export const AdvanceClockBodySchema = strict({ advance_ms: int(0, 10 * 365 * 24 * 3_600_000) });
