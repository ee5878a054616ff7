import type { DependencyContainer } from "tsyringe";
import { FrameworkError } from "../errors.js";

const NO_TYPE =
  "A constructor parameter typed with an interface, a union, or a class imported with `import type` has no runtime type: import the class as a value, or use @inject(token).";
const NOT_MADE =
  "Is the service's class decorated (@injectable() or @singleton()), or registered through providers? Bot code must run through a transform that emits decorator metadata (tsc, vitest, chatbot dev), not esbuild or tsx.";

/**
 * Resolves `target`, turning tsyringe's "TypeInfo not known" into advice: the usual cause is a
 * constructor parameter whose class was imported with `import type`, which leaves `Object` in the
 * decorator metadata.
 */
export function resolveClass<T>(container: DependencyContainer, target: new () => T): T {
  try {
    return container.resolve(target);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (!/TypeInfo not known|Cannot inject the dependency/.test(text)) throw error;
    throw new FrameworkError(
      "injection_failed",
      `cannot make ${target.name}: ${text.replace(/\s+/g, " ")} ${/for "Object"/.test(text) ? NO_TYPE : NOT_MADE}`,
      { cause: error },
    );
  }
}

/** Makes `target` from `container` and calls its `method` with `args` (a listener's, a job's). */
export async function callMethod(
  container: DependencyContainer,
  target: abstract new (...args: never[]) => unknown,
  method: string | symbol,
  args: readonly unknown[],
): Promise<void> {
  const instance = resolveClass(container, target as unknown as new () => Record<string | symbol, unknown>);
  await (instance[method] as (...args: readonly unknown[]) => unknown).call(instance, ...args);
}
