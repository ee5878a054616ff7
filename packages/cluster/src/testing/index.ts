export { UnbalancedPartitionsError } from "./balance.js";
export type { ClusterNodeOptions } from "../start-cluster-node.js";
export { REDIS_SERVER, type RedisServer, type RedisServerOptions, startRedisServer } from "./redis-server.js";
export {
  type ClusterTarget,
  startTestCluster,
  type TestCluster,
  type TestClusterOptions,
} from "./test-cluster.js";
