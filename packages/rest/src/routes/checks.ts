import {
  isSnowflakeString,
  ValidationError,
  type ValidationErrors,
  validateOrThrow,
} from "@chatbot/protocol";
import type { GenericSchema, InferOutput } from "valibot";

/** Collects the bad arguments of one call, so that all of them are named in one error. */
export class ArgumentChecks {
  private readonly errors: ValidationErrors = {};

  /** An id argument: a decimal snowflake string. */
  id(field: string, value: unknown): this {
    if (typeof value !== "string" || !isSnowflakeString(value)) {
      this.add(field, "must be an id: a decimal string of up to 20 digits below 2^64");
    }
    return this;
  }

  /** An optional id (a query's `before`, `after`). */
  optionalId(field: string, value: unknown): this {
    return value === undefined ? this : this.id(field, value);
  }

  /** An optional whole number from `min` to `max`. */
  optionalInt(field: string, value: unknown, min: number, max: number): this {
    if (value === undefined) return this;
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      this.add(field, `must be a whole number from ${min} to ${max}`);
    }
    return this;
  }

  /** Throws a {@link ValidationError} naming every bad argument, if there is one. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors);
  }

  private add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
}

/** Starts checking a call's arguments. */
export function checkArgs(): ArgumentChecks {
  return new ArgumentChecks();
}

/** Checks an id argument at once. */
export function checkId(field: string, value: unknown): void {
  checkArgs().id(field, value).done();
}

/** Checks a body against its schema; throws a {@link ValidationError} naming each bad field. */
export function checkBody<S extends GenericSchema>(schema: S, body: unknown): InferOutput<S> {
  return validateOrThrow(schema, body);
}
