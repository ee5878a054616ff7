import ms from "ms";

/** A length of time: milliseconds, or text such as `"10m"`, `"30s"`, `"1.5h"`, `"2 days"`. */
export type Duration = number | string;

/** A duration that is neither a number of milliseconds of 0 or more nor text `ms` can read. */
export class DurationError extends RangeError {
  override readonly name = "DurationError";
  readonly code = "bad_duration";
}

/**
 * Milliseconds of a {@link Duration}: a number is taken as it is, text is read by the `ms` package
 * (`"10m"` is 600,000; `"1h"`, `"30s"`, `"500ms"`, `"2 days"`). `field` names what was given, for
 * the error when it is neither finite, nor 0 or more.
 */
export function toMs(duration: Duration, field = "duration"): number {
  const value =
    typeof duration === "string" ? (ms as (text: string) => number | undefined)(duration) : duration;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new DurationError(
      `${field} must be milliseconds of 0 or more, or text like "10m", "30s" or "1h", got ${JSON.stringify(duration)}`,
    );
  }
  return value;
}
