/**
 * Field builders of the dev API's bodies, each with its message in plain words. Bodies are strict:
 * a key a route does not know is an error naming it, so a typo never passes silently.
 * @module
 */
import * as v from "valibot";
import { objectMessage } from "../shared/messages.js";

/** A string of `min` to `max` characters. */
export const text = (min: number, max: number) =>
  v.pipe(
    v.string("expected a string"),
    v.minLength(min, `at least ${min} character${min === 1 ? "" : "s"}`),
    v.maxLength(max, `at most ${max} characters`),
  );

/** A boolean. */
export const bool = () => v.boolean("expected a boolean");

/** An integer from `min` to `max`. */
export const int = (min: number, max: number) =>
  v.pipe(
    v.number("expected a number"),
    v.integer("expected an integer"),
    v.minValue(min, `must be ${min} to ${max}`),
    v.maxValue(max, `must be ${min} to ${max}`),
  );

/** A strict object: unknown keys are refused. */
export const strict = <E extends v.ObjectEntries>(entries: E) => v.strictObject(entries, objectMessage);

/** An array of at most `max` items; `noun` names them in the message. */
export const array = <S extends v.GenericSchema>(item: S, max: number, noun: string) =>
  v.pipe(v.array(item, "expected an array"), v.maxLength(max, `at most ${max} ${noun}`));

/** A `#rrggbb` color, or null. */
export const color = () =>
  v.nullable(v.pipe(v.string("expected a string"), v.regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb color")));
