import { startedByNpm, watchParent } from "@chatbot/framework";

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
