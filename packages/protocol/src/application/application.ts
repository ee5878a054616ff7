import * as v from "valibot";
import { obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** Review states of an app (docs/decisions.md#shapes-left-open). */
export const REVIEW_STATES = ["unreviewed", "in_review", "approved", "rejected"] as const;

/** Whether the service has reviewed an app. */
export type ReviewState = (typeof REVIEW_STATES)[number];

/** A review state. */
export const ReviewStateSchema = v.picklist(REVIEW_STATES, `must be one of ${REVIEW_STATES.join(", ")}`);

/** The current app (`GET /v1/applications/@me`). */
export const ApplicationSchema = obj({
  id: SnowflakeSchema,
  name: str(),
  description: str(),
  review_state: ReviewStateSchema,
  bot_user_id: SnowflakeSchema,
});

/** An application object. */
export type Application = v.InferOutput<typeof ApplicationSchema>;
