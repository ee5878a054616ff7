import * as v from "valibot";
import { GATEWAY_EVENT_NAMES, type GatewayEventName } from "../constants/intents.js";
import {
  GATEWAY_DISPATCH_SCHEMAS,
  type GatewayDispatchPayloads,
} from "../gateway-dispatch-payloads/gateway-dispatch-payloads.js";
import { int, obj } from "../shared/fields.js";
import { expected } from "../shared/messages.js";

/**
 * An event frame: `t` the event name, `s` the sequence number (rises by one per event on the
 * connection, from 1), `d` the event's payload. `DispatchFrame<"MESSAGE_CREATE">` is one event's frame;
 * the default is the union of all, narrowed by `t`.
 */
export type DispatchFrame<E extends GatewayEventName = GatewayEventName> = {
  [K in E]: { op: "dispatch"; t: K; s: number; d: GatewayDispatchPayloads[K] };
}[E];

/** A sequence number: 1 or more. */
export const SequenceSchema = v.pipe(int(), v.minValue(1, "must be 1 or more"));

function dispatchFrameOf<E extends GatewayEventName>(event: E) {
  return obj({
    op: v.literal("dispatch", expected('"dispatch"')),
    t: v.literal(event, expected(`"${event}"`)),
    s: SequenceSchema,
    d: GATEWAY_DISPATCH_SCHEMAS[event],
  });
}

/** The variant behind {@link DispatchFrameSchema}, shared with the server frame schema. */
export const dispatchVariant = v.variant("t", GATEWAY_EVENT_NAMES.map(dispatchFrameOf), (issue) =>
  issue.path
    ? issue.input === undefined
      ? "is required"
      : "must be a gateway event name"
    : expected("a frame object")(issue),
);

/** Checks a `dispatch` frame, and its `d` against the schema of its event `t`. */
export const DispatchFrameSchema = dispatchVariant as v.GenericSchema<unknown, DispatchFrame>;
