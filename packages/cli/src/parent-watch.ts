/**
 * Calls `onLost` once the process that started this one has gone (this process was handed to
 * another parent). `npx chatbot server` runs the binary through a shell; on SIGTERM npm passes the
 * signal to that shell, which dies without passing it on, so without this watch the server would
 * keep running and answering on its port. Checks every `everyMs`; returns a function that stops
 * the watch. The timer does not keep the process alive.
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

/**
 * Resolves once the process is asked to stop (SIGINT, SIGTERM, or, when npm started it, npm gone)
 * and `close()` has run; a failing `close()` is printed and sets exit code 1. `command` names the
 * process in those lines (`chatbot server`). The handlers are in place when this returns.
 */
export function closeOnStop(
  command: string,
  err: (line: string) => void,
  close: () => Promise<unknown>,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopWatch = () => {};
    const stop = (reason: string) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      stopWatch();
      err(`${command}: ${reason}, closing`);
      close().then(
        () => resolve(),
        (error: unknown) => {
          err(`${command}: close failed: ${String(error)}`);
          process.exitCode = 1;
          resolve();
        },
      );
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    if (startedByNpm()) stopWatch = watchParent(() => stop("the npm process that started it has stopped"));
  });
}
