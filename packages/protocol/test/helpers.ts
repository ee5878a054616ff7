import type { GenericSchema } from "valibot";
import { expect } from "vitest";
import { validate } from "../src/validation/validate.js";

/** A string of `length` characters. */
export function chars(length: number, char = "a"): string {
  return char.repeat(length);
}

/** A list of `length` items made by `make`. */
export function many<T>(length: number, make: (index: number) => T): T[] {
  return Array.from({ length }, (_, index) => make(index));
}

/** Asserts that `input` passes `schema` and returns the output. */
export function expectValid<S extends GenericSchema>(schema: S, input: unknown) {
  const result = validate(schema, input);
  if (!result.success) expect.fail(`expected valid, got ${JSON.stringify(result.errors)}`);
  return result.output;
}

/** Asserts that `input` fails `schema` and returns the messages by dot path. */
export function expectErrors(schema: GenericSchema, input: unknown): Record<string, string[]> {
  const result = validate(schema, input);
  if (result.success) expect.fail(`expected errors, got ${JSON.stringify(result.output)}`);
  return result.errors;
}
