import { type DependencyContainer, injectable, Lifecycle } from "tsyringe";
import { META } from "../metadata-keys.js";

type Class = abstract new (...args: never[]) => unknown;

/**
 * Marks a service of which each bot has one instance, made by its container with the services its
 * constructor asks for. Unlike tsyringe's own `@singleton()`, which keeps one instance in its global
 * container for the whole process, two bots in one process (two test worlds in one file) never
 * share it.
 */
export function singleton(): ClassDecorator {
  return (target) => {
    injectable()(target as unknown as new (...args: unknown[]) => unknown);
    Reflect.defineMetadata(META.singleton, true, target);
  };
}

/**
 * Registers in `container`, as singletons of that container, every `@singleton()` class that
 * `roots` reach through their constructors' parameter types, however deep, but those in `except`
 * (a plugin's exports, which another container makes).
 */
export function registerSingletons(
  container: DependencyContainer,
  roots: readonly Class[],
  except: ReadonlySet<unknown> = new Set(),
): void {
  const seen = new Set<Class>();
  const visit = (target: Class) => {
    if (seen.has(target)) return;
    seen.add(target);
    const params = (Reflect.getMetadata("design:paramtypes", target) as Class[] | undefined) ?? [];
    for (const param of params) if (typeof param === "function") visit(param);
    const concrete = target as unknown as new (...args: unknown[]) => unknown;
    if (
      Reflect.getOwnMetadata(META.singleton, target) === true &&
      !except.has(target) &&
      !container.isRegistered(concrete)
    ) {
      madeHere(container, target);
    }
  };
  for (const root of roots) visit(root);
}

/**
 * Registers `target` as one instance of `container`, always made by it. tsyringe builds a Singleton
 * in the container that asked first, and keeps it there for dispose(): an interaction's scope, which
 * nobody disposes. So the class is built under a token of its own, always asked of this container:
 * made here, shared by the scopes, disposed here.
 */
export function madeHere(container: DependencyContainer, target: Class): void {
  const concrete = target as unknown as new (...args: unknown[]) => unknown;
  const own = Symbol(concrete.name);
  container.register(own, { useClass: concrete }, { lifecycle: Lifecycle.Singleton });
  container.register(concrete, { useFactory: () => container.resolve(own) });
}
