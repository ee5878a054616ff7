import * as v from "valibot";
import { str } from "../shared/fields.js";
import { expected } from "../shared/messages.js";

/**
 * `default_member_permissions` of a command: a permission bitfield as a decimal string or a number,
 * or null. It is accepted and kept as a string (or null), and not enforced.
 */
export const DefaultMemberPermissionsSchema = v.pipe(
  v.nullable(
    v.union(
      [
        v.pipe(str(), v.regex(/^[0-9]{1,20}$/, "must be a permission bitfield: a decimal string")),
        v.pipe(
          v.number(expected("a number")),
          v.safeInteger("must be a permission bitfield: a whole number"),
          v.minValue(0, "must be 0 or more"),
        ),
      ],
      expected("a permission bitfield (a decimal string or a number) or null"),
    ),
  ),
  v.transform((bits) => (bits === null ? null : String(bits))),
);
