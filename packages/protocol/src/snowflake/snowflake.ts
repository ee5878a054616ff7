import * as v from "valibot";
import { expected } from "../shared/messages.js";

const DIGITS = /^[0-9]{1,19}$/;

/** The largest id, 2^63 - 1: ids fit a signed 64-bit integer. */
export const MAX_SNOWFLAKE = (1n << 63n) - 1n;

/** What an id must be, as validation messages say it. */
export const SNOWFLAKE_RULE = "must be an id: a decimal string of 1 to 19 digits, at most 2^63-1";

/** Whether `value` is an id: a decimal string of 1 to 19 digits whose value is at most 2^63-1. */
export function isSnowflakeString(value: string): boolean {
  return DIGITS.test(value) && (value.length < 19 || BigInt(value) <= MAX_SNOWFLAKE);
}

/**
 * An id: the decimal string of a snowflake of 63 bits (creation time in milliseconds in the high 41
 * bits, then 22 bits of worker and sequence), so ids sort by creation when compared as numbers,
 * never as text, and fit a signed 64-bit integer (docs/decisions.md#shapes-left-open).
 */
export const SnowflakeSchema = v.pipe(
  v.string(expected("an id string")),
  v.check(isSnowflakeString, SNOWFLAKE_RULE),
);

/** An id string. */
export type Snowflake = v.InferOutput<typeof SnowflakeSchema>;
