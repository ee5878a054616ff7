/** Something of the scenario that did not end in time: a hang is a finding, not a test timeout. */
export class Hung extends Error {
  override readonly name = "Hung";
}

/** `promise`, or a {@link Hung} error saying `what` did not end within `ms` of real time. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Hung(`${what} did not end within ${ms / 1000} s of real time`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
