export { UnbalancedPartitionsError } from "./balance.js";
export { REDIS_SERVER, type RedisServer, startRedisServer } from "./redis-server.js";
export {
  type ClusterTarget,
  startTestCluster,
  type TestCluster,
  type TestClusterOptions,
} from "./test-cluster.js";
