import type { CommandContext } from "../context/command-context.js";
import type { EventContext } from "../context/event-context.js";
import type { JobInfo } from "../state/scheduler.js";

/** Where a command, event or job handler failed, for `BotOptions.onError`. */
export type HandlerFailure =
  | { readonly kind: "command"; readonly ctx: CommandContext }
  | { readonly kind: "event"; readonly ctx: EventContext; readonly handler: string }
  /** An `@OnSchedule` handler: `job` says which job and which attempt (it runs again unless the last). */
  | { readonly kind: "job"; readonly handler: string; readonly job: JobInfo };
