import type * as v from "valibot";
import { int, obj, str } from "../shared/fields.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/** A category entry of a server snapshot (docs/decisions.md#shapes-left-open). */
export const CategorySchema = obj({
  id: SnowflakeSchema,
  name: str(),
  position: int(),
});

/** A category entry. */
export type Category = v.InferOutput<typeof CategorySchema>;
