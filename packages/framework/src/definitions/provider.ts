import type { InjectionToken } from "tsyringe";

/** A value the container hands out for `provide` (a class or another token). */
export interface Provider<T = unknown> {
  readonly provide: InjectionToken<T>;
  readonly useValue: T;
}
