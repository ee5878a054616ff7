/**
 * Field builders shared by the schemas, each with messages in plain words. Text lengths count
 * UTF-16 code units (`string.length`), the way the limits of the interface are checked.
 * @module
 */
import * as v from "valibot";
import { count, expected, objectMessage } from "./messages.js";

/** Any string. */
export const str = () => v.string(expected("a string"));

/** Any boolean. */
export const bool = () => v.boolean(expected("a boolean"));

/** An integer (a finite whole number). */
export const int = () => v.pipe(v.number(expected("an integer")), v.integer("expected an integer"));

/** An integer that is 0 or more, such as a count or a Unix millisecond time. */
export const uint = () => v.pipe(int(), v.minValue(0, "must be 0 or more"));

/** A string of at most `max` characters. */
export function maxText(max: number) {
  return v.pipe(str(), v.maxLength(max, `at most ${count(max, "character")}`));
}

/** A string of `min` to `max` characters. */
export function rangedText(min: number, max: number) {
  return v.pipe(
    str(),
    v.minLength(min, `at least ${count(min, "character")}`),
    v.maxLength(max, `at most ${count(max, "character")}`),
  );
}

/** An object with the given entries; unknown keys are stripped. */
export function obj<const E extends v.ObjectEntries>(entries: E) {
  return v.object(entries, objectMessage);
}

/** An array of at most `max` items; `noun` names the items in the message (`at most 25 fields`). */
export function list<const S extends v.GenericSchema>(item: S, max: number, noun: string) {
  return v.pipe(v.array(item, expected("an array")), v.maxLength(max, `at most ${max} ${noun}`));
}

/** An array of any length. */
export function arr<const S extends v.GenericSchema>(item: S) {
  return v.array(item, expected("an array"));
}

/** A string or null. */
export const nullableStr = () => v.nullable(str());

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

/** An absolute `http` or `https` URL. */
export const httpUrl = () => v.pipe(str(), v.check(isHttpUrl, "must be an http or https URL"));

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;

/** Whether `value` is an ISO 8601 date and time with a zone, on a day that exists. */
export function isIsoTimestamp(value: string): boolean {
  const match = ISO_TIMESTAMP.exec(value);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  const daysInMonth = new Date(Date.UTC(Number(match[1]), month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/** An ISO 8601 date and time with a zone, such as `2024-05-01T12:00:00.000Z`. */
export const isoTimestamp = () =>
  v.pipe(str(), v.check(isIsoTimestamp, "must be an ISO 8601 timestamp such as 2024-05-01T12:00:00.000Z"));
