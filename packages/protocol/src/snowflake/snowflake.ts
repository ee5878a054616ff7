import * as v from "valibot";
import { expected } from "../shared/messages.js";

const DIGITS = /^[0-9]{1,20}$/;
const LIMIT = 1n << 64n;

/** Whether `value` is an id: a decimal string of at most 20 digits below 2^64. */
export function isSnowflakeString(value: string): boolean {
  return DIGITS.test(value) && BigInt(value) < LIMIT;
}

/**
 * An id: the decimal string of a 64-bit snowflake (creation time in the high bits), so ids sort by
 * creation when compared as numbers, never as text (docs/decisions.md#shapes-left-open).
 */
export const SnowflakeSchema = v.pipe(
  v.string(expected("an id string")),
  v.check(isSnowflakeString, "must be an id: a decimal string of up to 20 digits below 2^64"),
);

/** An id string. */
export type Snowflake = v.InferOutput<typeof SnowflakeSchema>;
