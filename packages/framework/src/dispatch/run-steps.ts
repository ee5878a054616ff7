import { noticed, type RunHook } from "../context/run-notice.js";
import type { HandlerRun } from "./event-steps.js";
import type { JobRun } from "./job-steps.js";
import type { NamedStep } from "./pipeline.js";

/** Step `on-run` (with `onRun`): tells the hook of each listener's run on each event. */
export function noticeHandlerRun(hook: RunHook): NamedStep<HandlerRun> {
  return {
    name: "on-run",
    run: ({ event, ctx, handler }, next) => {
      const data = event.data as { id?: unknown };
      const message = event.name === "MESSAGE_CREATE" && typeof data.id === "string" ? data.id : null;
      const notice = {
        kind: "listener",
        handler: handler.label,
        event: event.name,
        messageId: message,
        jobId: null,
        conversation: null,
        ending: null,
        redelivered: ctx.redelivered,
      } as const;
      return noticed(hook, notice, next);
    },
  };
}

/** Step `on-run` (with `onRun`): tells the hook of each job's run. */
export function noticeJobRun(hook: RunHook): NamedStep<JobRun> {
  return {
    name: "on-run",
    run: ({ job, definition }, next) => {
      const notice = {
        kind: "job",
        handler: definition.label,
        event: null,
        messageId: null,
        jobId: job.id,
        conversation: null,
        ending: null,
        redelivered: job.redelivered,
      } as const;
      return noticed(hook, notice, next);
    },
  };
}
