import "reflect-metadata";
import type { GatewayEventName } from "@chatbot/protocol";
import type { EventContext, EventPayload } from "../context/event-context.js";
import { META } from "../metadata-keys.js";

/** One `@On` / `@Once` handler, as recorded. */
export interface HandlerSpec {
  readonly event: string;
  readonly method: string | symbol;
  readonly once: boolean;
  readonly ordered: boolean;
}

/** Options of {@link On}. */
export interface OnOptions {
  /**
   * Handle this server's events one after another, in the order they came: the handler does not
   * start on an event of a server before it finished the previous one there (other servers' events
   * go on meanwhile). Default `false`: each event's handlers start as soon as it arrives.
   */
  readonly ordered?: boolean;
}

/** The method shape `@On(E)` accepts: the event's payload, then its context. */
export type EventHandlerMethod<E extends GatewayEventName> = (
  payload: EventPayload<E>,
  ctx: EventContext<E>,
) => unknown;

function handler<E extends GatewayEventName>(event: E, once: boolean, options: OnOptions = {}) {
  return <M extends EventHandlerMethod<E>>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const ctor = target.constructor;
    const list = (Reflect.getOwnMetadata(META.handlers, ctor) as HandlerSpec[] | undefined) ?? [];
    const spec: HandlerSpec = { event, method, once, ordered: options.ordered === true };
    Reflect.defineMetadata(META.handlers, [...list, spec], ctor);
  };
}

/**
 * Calls the method for every gateway event named `event`, with the payload typed by the event. The
 * bot asks for the intent the event needs by itself.
 *
 * @example
 * @On("GUILD_MEMBER_ADD")
 * async greet(member: EventPayload<"GUILD_MEMBER_ADD">) {}
 */
export function On<E extends GatewayEventName>(event: E, options?: OnOptions) {
  return handler(event, false, options);
}

/** Like {@link On}, for the first such event only. */
export function Once<E extends GatewayEventName>(event: E) {
  return handler(event, true);
}

/** The `@On` / `@Once` handlers declared on `ctor` (its own, not inherited). */
export function handlerSpecsOf(ctor: object): HandlerSpec[] {
  return (Reflect.getOwnMetadata(META.handlers, ctor) as HandlerSpec[] | undefined) ?? [];
}
