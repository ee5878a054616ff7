export { CLUSTER_EXIT } from "./exit-codes.js";
export { ClusterOptionsError } from "./cluster-error.js";
export { GatewayRole, type GatewayRoleOptions, type GatewayRoleState } from "./gateway-role.js";
export { CONSUMER_GROUP, ClusterKeys } from "./keys.js";
export { RedisLease } from "./lease.js";
export { guildOf, partitionOf } from "./partition.js";
export { RedisRateLimits } from "./redis-rate-limits.js";
export { RedisStore, type RedisStoreOptions } from "./redis-store.js";
export {
  type ClusterNode,
  type ClusterNodeOptions,
  type ClusterRole,
  startClusterNode,
} from "./start-cluster-node.js";
export type { WorkerRoleOptions } from "./worker-options.js";
export { WorkerRole } from "./worker-role.js";
