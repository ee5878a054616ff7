import type { ScheduleDefinition } from "../definitions/listener-definition.js";
import type { JobInfo } from "../state/scheduler.js";
import { type DispatchDeps, handlerFailed } from "./dispatch-deps.js";
import { catchingStep, type NamedStep } from "./pipeline.js";
import { callMethod } from "./resolve-class.js";

/** One due job on its way through the job pipeline to its `@OnSchedule` handler. */
export interface JobRun {
  readonly name: string;
  readonly payload: unknown;
  readonly job: JobInfo;
  readonly definition: ScheduleDefinition;
}

/** Step `errors`: a job that threw is counted, logged and reported, then failed for the scheduler to retry. */
export function jobErrors(deps: DispatchDeps): NamedStep<JobRun> {
  return catchingStep("errors", async (run, error) => {
    const { label } = run.definition;
    const where = { kind: "job", handler: label, job: run.job } as const;
    await handlerFailed(deps, error, label, `${label} (job ${run.name}) threw`, where);
    throw error;
  });
}

/** Step `telemetry`: a span per job run, with whether it ran late and its attempt. */
export function jobTelemetry(deps: DispatchDeps): NamedStep<JobRun> {
  return {
    name: "telemetry",
    run: ({ name, job, definition }, next) => {
      const attributes = {
        "chatbot.job": name,
        "chatbot.handler": definition.label,
        "chatbot.job.late": job.late,
        "chatbot.job.attempt": job.attempt,
      };
      return deps.telemetry().span(`job ${name}`, attributes, () => next());
    },
  };
}

/** Step `handler`, the last: makes the class and calls the method with the payload and the job. */
export function callJob(deps: DispatchDeps): NamedStep<JobRun> {
  return {
    name: "handler",
    run: ({ payload, job, definition }) =>
      callMethod(deps.containerOf(definition.target), definition.target, definition.method, [payload, job]),
  };
}
