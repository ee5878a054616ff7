// A load generator in a process of its own, for bench/compare.mjs: each message from the parent is
// one autocannon run (50 connections); the answer is its request count. The parent measures its own
// CPU around each run, so the load tool's work never counts.
import autocannon from "autocannon";

process.on("message", (options) => {
  if (options === "exit") process.exit(0);
  autocannon({ connections: 50, pipelining: 1, ...options }, (error, result) =>
    process.send(error ? { error: String(error) } : { total: result.requests.total, non2xx: result.non2xx }),
  );
});
process.send({ ready: true });
