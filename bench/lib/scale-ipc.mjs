// A child process of bench/scale.mjs driven by messages `{ id, cmd, args }`, each answered once
// (`{ id, ok, result | error }`); every call has a deadline, so a stuck child fails its step
// instead of hanging the run.
import { fork } from "node:child_process";

/** Forks `modulePath` (with `execArgv`) and resolves once it says it is ready; answers `{ call, stop, pid }`. */
export async function forkWorker(modulePath, execArgv = []) {
  const child = fork(modulePath, [], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let next = 0;
  const pending = new Map();
  child.on("message", (m) => {
    if (m.id === undefined) return;
    const waiting = pending.get(m.id);
    if (!waiting) return;
    pending.delete(m.id);
    clearTimeout(waiting.timer);
    if (m.ok) waiting.resolve(m.result);
    else waiting.reject(new Error(m.error));
  });
  child.on("exit", (code, signal) => {
    for (const waiting of pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error(`worker exited (${code ?? signal})`));
    }
    pending.clear();
  });
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`${modulePath} exited with ${code} before ready`)));
  });
  const call = (cmd, args, timeoutMs = 120_000) =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        reject(new Error(`worker is gone; cannot run ${cmd}`));
        return;
      }
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${cmd} took over ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      child.send({ id, cmd, args });
    });
  /** Asks the child to stop; kills it if it has not ended within 10 s. */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise((resolve) => child.once("exit", resolve));
    call("stop", {}, 10_000).catch(() => {});
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await ended;
    clearTimeout(timer);
  };
  return { call, stop, pid: child.pid };
}

/**
 * The child's side of {@link forkWorker}: answers each `{ id, cmd, args }` with `commands[cmd](args)`
 * (`{ id, ok, result | error }`), then says it is ready.
 */
export function serveCommands(commands) {
  process.on("message", async ({ id, cmd, args }) => {
    try {
      process.send({ id, ok: true, result: await commands[cmd](args ?? {}) });
    } catch (error) {
      process.send({ id, ok: false, error: String(error?.stack ?? error) });
    }
  });
  process.send({ ready: true });
}
