// Child processes for benchmarks: each server under test runs in its own process, so the load tool
// and the server do not share an event loop.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Spawns `node <args>` in `cwd` and resolves once a stdout line matches `ready`; returns the child
 * and the match. Rejects after `timeoutMs`.
 */
export function spawnUntil(args, ready, timeoutMs = 30_000, cwd = ROOT) {
  const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${args.join(" ")}: not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)));
    child.stdout.on("data", (chunk) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        resolve({ child, match });
      }
    });
  });
}

/** Stops a child process and waits for it to end. */
export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Starts the reference server (`chatbot server`) without rate limits on a free port. */
export async function startReferenceServer(extraArgs = []) {
  const { child, match } = await spawnUntil(
    [
      "packages/cli/bin/chatbot.js",
      "server",
      "--port",
      "0",
      "--no-rate-limits",
      ...(process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? []),
      ...extraArgs,
    ],
    /ready base_url=(\S+) gateway_url=(\S+)/,
  );
  return { child, baseUrl: match[1], gatewayUrl: match[2] };
}
