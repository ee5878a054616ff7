/**
 * Calls `onLost` once the process that started this one has gone (this process was handed to
 * another parent). `npx <binary>` runs the binary through a shell; on SIGTERM npm passes the signal
 * to that shell, which dies without passing it on, so without this watch the binary would keep
 * running. Checks every `everyMs`; returns a function that stops the watch. The timer does not keep
 * the process alive.
 */
export function watchParent(onLost: () => void, everyMs = 200): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onLost();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether npm started this process (`npx`, `npm exec`, an npm script), through a shell of its own. */
export function startedByNpm(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.npm_lifecycle_event !== undefined;
}
