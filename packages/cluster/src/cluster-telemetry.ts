import { metrics } from "@opentelemetry/api";
import type { GatewayRole } from "./gateway-role.js";
import type { WorkerRole } from "./worker-role.js";

/** The instrumentation scope of the cluster's metrics. */
export const CLUSTER_TELEMETRY_SCOPE = "@chatbot/cluster";

/**
 * The cluster's metrics, read from the roles when the meter collects (no work between scrapes):
 * whether this process owns the connection and its fence, the partitions it reads, the entries it
 * handled and sent to the dead letters, each stream's pending entries and lag, and Redis's
 * round-trip time as the roles' heartbeats saw it. Made again when an SDK's meter provider is
 * registered after the node started (`observe(node, …)` does).
 */
export function clusterTelemetry(gateway: GatewayRole | null, worker: WorkerRole | null): void {
  const meter = metrics.getMeter(CLUSTER_TELEMETRY_SCOPE);
  if (gateway) {
    meter
      .createObservableGauge("chatbot.cluster.gateway.owner", {
        description: "1 while this process holds the gateway connection, 0 while it stands by",
      })
      .addCallback((result) => result.observe(gateway.state === "owner" ? 1 : 0));
    meter
      .createObservableGauge("chatbot.cluster.gateway.fence", {
        description: "The fencing token of this process's hold of the connection (0 when it holds none)",
      })
      .addCallback((result) => result.observe(gateway.fence));
  }
  if (worker) {
    meter
      .createObservableGauge("chatbot.cluster.partitions", { description: "Partitions this worker reads" })
      .addCallback((result) => result.observe(worker.partitions.length));
    meter
      .createObservableCounter("chatbot.cluster.entries.handled", {
        description: "Stream entries whose handlers ran in this worker",
      })
      .addCallback((result) => result.observe(worker.handled));
    meter
      .createObservableCounter("chatbot.cluster.dead_letters", {
        description: "Entries this worker moved to the dead letters",
      })
      .addCallback((result) => result.observe(worker.deadLettered));
    meter
      .createObservableGauge("chatbot.cluster.stream.pending", {
        description: "Entries delivered and not acknowledged, per stream this worker reads",
      })
      .addCallback((result) => {
        for (const [stream, { pending }] of worker.backlog)
          result.observe(pending, { "chatbot.stream": stream });
      });
    meter
      .createObservableGauge("chatbot.cluster.stream.lag", {
        description: "Entries not delivered to any worker yet, per stream this worker reads",
      })
      .addCallback((result) => {
        for (const [stream, { lag }] of worker.backlog) result.observe(lag, { "chatbot.stream": stream });
      });
  }
  meter
    .createObservableGauge("chatbot.cluster.redis.round_trip", {
      description: "How long the last heartbeat's call to Redis took",
      unit: "ms",
    })
    .addCallback((result) => {
      if (gateway) result.observe(gateway.redisRoundTripMs, { "chatbot.cluster.role": "gateway" });
      if (worker) result.observe(worker.redisRoundTripMs, { "chatbot.cluster.role": "worker" });
    });
}
