import type { GatewayClient, LifecycleEvents } from "../src/index.js";
import { until } from "./dev-world.js";

const LIFECYCLE = [
  "connecting",
  "ready",
  "reconnecting",
  "recovered",
  "recoverySkipped",
  "overflow",
  "stopped",
  "listenerError",
] as const satisfies ReadonlyArray<keyof LifecycleEvents>;

/** One lifecycle event as a client emitted it. */
export type Recorded = {
  [E in keyof LifecycleEvents]: { name: E; info: LifecycleEvents[E] };
}[keyof LifecycleEvents];

/** Records every lifecycle event of `client`, in order. */
export function recordLifecycle(client: GatewayClient) {
  const events: Recorded[] = [];
  for (const name of LIFECYCLE)
    client.on(name, ((info: unknown) => void events.push({ name, info } as Recorded)) as never);
  const of = <E extends keyof LifecycleEvents>(name: E) =>
    events.filter((e) => e.name === name).map((e) => e.info as LifecycleEvents[E]);
  return {
    events,
    of,
    /** Waits until `name` was emitted `count` times in all; answers the last one. */
    async next<E extends keyof LifecycleEvents>(name: E, count: number, ms?: number) {
      await until(
        `${count} × ${name} (so far: ${events.map((e) => e.name).join(", ")})`,
        () => of(name).length >= count,
        ms,
      );
      return of(name)[count - 1]!;
    },
  };
}
