import { createGatewayBackend } from "./gateway-backend-adapter.js";
import type { Kernel } from "../kernel/kernel.js";
import { createGateway, type Gateway, type GatewayOptions } from "../gateway/gateway.js";
import { EventProjector } from "./event-projector.js";

/** Options of {@link createEventGateway}. */
export interface EventGatewayOptions extends Omit<GatewayOptions, "onReady" | "onGuildCreate"> {
  /** `heartbeat_interval` sent in `hello`, in milliseconds. */
  readonly heartbeatIntervalMs: number;
}

/** The gateway of a running server, fed by the core's change stream. */
export interface EventGateway {
  /** Serves `/v1/gateway`; `dispatch` sends events no change record carries (`INTERACTION_CREATE`). */
  readonly gateway: Gateway;
  /** Stops projecting changes and closes the gateway (every socket gets `1001`). */
  close(): Promise<void>;
}

/**
 * Creates the gateway over the core (the core as its backend) and subscribes the event projection
 * to the core's change stream, so that every committed change reaches each identified bot as the
 * events it may see.
 */
export function createEventGateway(core: Kernel, options: EventGatewayOptions): EventGateway {
  const { heartbeatIntervalMs, ...gatewayOptions } = options;
  const onError = options.onError ?? ((error: unknown) => console.error("gateway:", error));
  let gateway: Gateway | null = null;
  const projector = new EventProjector(core, (appId) => gateway?.connectionOf(appId), onError);
  const created = createGateway(createGatewayBackend(core, heartbeatIntervalMs), {
    ...gatewayOptions,
    onError,
    onReady: projector.track,
    onGuildCreate: projector.introduced,
  });
  gateway = created;
  const unsubscribe = core.subscribe(projector.onChange);
  return {
    gateway: created,
    close() {
      unsubscribe();
      return created.close();
    },
  };
}
