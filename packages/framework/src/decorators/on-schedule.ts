import "reflect-metadata";
import { META } from "../metadata-keys.js";
import type { JobInfo } from "../state/scheduler.js";

/** One `@OnSchedule` handler, as recorded. */
export interface ScheduleSpec {
  readonly name: string;
  readonly method: string | symbol;
}

/**
 * Runs the method when a job named `name` comes due: `scheduler.schedule(when, name, payload)`
 * made it, and the method gets the payload and the job (`job.late`: it came due while the bot was
 * down; `job.attempt`: 2 and more when it runs again). A job runs at least once: after a crash in
 * the middle of its handler it runs again at the next start, so make the handler idempotent.
 * The class is listed in `listeners`.
 *
 * @example
 * @OnSchedule("poll-close")
 * async close(payload: { pollId: string }, job: JobInfo) {}
 */
export function OnSchedule(name: string) {
  return <M extends (payload: never, job: JobInfo) => unknown>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const ctor = target.constructor;
    const list = (Reflect.getOwnMetadata(META.schedules, ctor) as ScheduleSpec[] | undefined) ?? [];
    Reflect.defineMetadata(META.schedules, [...list, { name, method }], ctor);
  };
}

/** The `@OnSchedule` handlers declared on `ctor` (its own, not inherited). */
export function scheduleSpecsOf(ctor: object): ScheduleSpec[] {
  return (Reflect.getOwnMetadata(META.schedules, ctor) as ScheduleSpec[] | undefined) ?? [];
}
