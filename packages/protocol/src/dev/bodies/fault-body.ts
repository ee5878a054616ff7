import * as v from "valibot";
import { objectMessage } from "../../shared/messages.js";
import { SnowflakeSchema } from "../../snowflake/snowflake.js";
import { int } from "../fields.js";

/** The methods a fault may be limited to. */
export const FAULT_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Whether the service may close a connection with `code`: 1000, 1001, or 3000 to 4999. */
export function isSendableCloseCode(code: number): boolean {
  return Number.isInteger(code) && (code === 1000 || code === 1001 || (code >= 3000 && code <= 4999));
}

/** The bytes of `text` in UTF-8 (the close frame's limit counts bytes). */
function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** The statuses an `http` fault may answer with. */
export const FAULT_STATUSES = [429, 500, 503] as const;

/** Which `/v1` calls a fault applies to: all of the app's, or those of one method and path prefix. */
const matchFields = {
  app_id: SnowflakeSchema,
  count: int(1, 100_000),
  method: v.optional(v.picklist(FAULT_METHODS, `must be one of ${FAULT_METHODS.join(", ")}`)),
  path_prefix: v.optional(
    v.pipe(
      v.string("expected a string"),
      v.maxLength(500, "at most 500 characters"),
      v.regex(/^\/v1(\/|$)/, "must start with /v1"),
    ),
  ),
};

const CloseGatewayFaultSchema = v.strictObject(
  {
    app_id: SnowflakeSchema,
    kind: v.literal("close_gateway"),
    code: v.pipe(
      v.number("expected a number"),
      v.check(isSendableCloseCode, "must be 1000, 1001 or an integer from 3000 to 4999"),
    ),
    reason: v.optional(
      v.pipe(
        v.string("expected a string"),
        v.check((s) => utf8Bytes(s) <= 123, "at most 123 bytes of UTF-8"),
      ),
    ),
  },
  objectMessage,
);

const HttpFaultSchema = v.strictObject(
  {
    ...matchFields,
    kind: v.literal("http"),
    status: v.picklist(FAULT_STATUSES, `must be one of ${FAULT_STATUSES.join(", ")}`),
    retry_after: v.optional(
      v.pipe(
        v.number("expected a number"),
        v.minValue(0.001, "must be 0.001 to 3600 seconds"),
        v.maxValue(3600, "must be 0.001 to 3600 seconds"),
      ),
    ),
    global: v.optional(v.boolean("expected a boolean")),
  },
  objectMessage,
);

const LatencyFaultSchema = v.strictObject(
  { ...matchFields, kind: v.literal("latency"), ms: int(0, 600_000) },
  objectMessage,
);

/**
 * `POST /dev/v1/faults`, chosen by `kind`: `close_gateway` (`code`, optional `reason`), `http`
 * (`status`, `count`, optional `method`, `path_prefix`, and for a `429` `retry_after` in seconds
 * and `global`), `latency` (`ms`, `count`, optional `method`, `path_prefix`).
 */
export const FaultBodySchema = v.variant(
  "kind",
  [CloseGatewayFaultSchema, HttpFaultSchema, LatencyFaultSchema],
  (issue) => {
    if (!issue.path) return issue.input === undefined ? "is required" : "expected an object";
    return issue.input === undefined ? "is required" : "must be close_gateway, http or latency";
  },
);

/** A validated fault body. */
export type FaultBody = v.InferOutput<typeof FaultBodySchema>;
