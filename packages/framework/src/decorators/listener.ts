import "reflect-metadata";
import { injectable } from "tsyringe";
import { META } from "../metadata-keys.js";

/**
 * Marks a class of `@On` handlers as injectable, so its constructor receives services. TypeScript
 * records constructor parameter types only on decorated classes: a listener whose constructor takes
 * services needs it (the bot says so at start when it is missing).
 */
export function Listener(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(META.listener, true, target);
    injectable()(target as unknown as new (...args: unknown[]) => unknown);
  };
}

/** Whether `ctor` was marked `@Listener()` or `@Command()`, so tsyringe knows its constructor. */
export function isInjectable(ctor: object): boolean {
  return (
    Reflect.getOwnMetadata("design:paramtypes", ctor) !== undefined ||
    Reflect.hasOwnMetadata(META.listener, ctor)
  );
}
