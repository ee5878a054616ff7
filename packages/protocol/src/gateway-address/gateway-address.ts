import * as v from "valibot";
import { obj, str } from "../shared/fields.js";

function isWebSocketUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "wss:" || protocol === "ws:";
}

/**
 * The answer of `GET /v1/gateway`: `{ url }`, a `wss` address (`ws` is accepted for a reference server
 * on the developer's own machine).
 */
export const GatewayAddressSchema = obj({
  url: v.pipe(str(), v.check(isWebSocketUrl, "must be a ws or wss URL")),
});

/** A gateway address object. */
export type GatewayAddress = v.InferOutput<typeof GatewayAddressSchema>;
