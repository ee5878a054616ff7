import type * as v from "valibot";
import { nullableStr, obj, str, uint } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** An attachment entry of a message; `size` in bytes (docs/decisions.md#shapes-left-open). */
export const AttachmentSchema = obj({
  id: SnowflakeSchema,
  filename: str(),
  size: uint(),
  content_type: nullableStr(),
  url: str(),
});

/** An attachment entry. */
export type Attachment = v.InferOutput<typeof AttachmentSchema>;
