/**
 * A run of one of the bot's handlers, as the bot's `onRun` hook is told of it: when it begins
 * (before its middleware) and when it ends (returned, or threw). For a tool that watches a bot from
 * outside, such as `@chatbot/testing`'s `explore`, which checks with it that a message or job that
 * finished never runs again.
 */
export interface RunNotice {
  readonly phase: "begin" | "end";
  /**
   * A listener's (`@On`), a conversation step's `answer`, or a scheduled job's (`@OnSchedule`) run;
   * or (`conversation`) a conversation that began (its first record written) or ended (its end
   * written: `ending` says how).
   */
  readonly kind: "listener" | "answer" | "job" | "conversation";
  /** `Class.method`, or `conversation "name" step "step"`. */
  readonly handler: string;
  /** The event's name for a listener or an answer; null for a job. */
  readonly event: string | null;
  /** The message handled (a `MESSAGE_CREATE`'s, or the answer's), else null. */
  readonly messageId: string | null;
  /** The job's id, else null. */
  readonly jobId: string | null;
  /**
   * For a conversation's notices and its answers: the conversation, by the id of what started it
   * (the command's interaction, or the message); else null.
   */
  readonly conversation: string | null;
  /** At a conversation's end: `done`, `timeout`, `cancel`, `stale` or `replaced`; else null. */
  readonly ending: string | null;
  /** Whether the framework said this may have run before (`ctx.redelivered`, `job.redelivered`). */
  readonly redelivered: boolean;
  /** At `end`: whether it threw. */
  readonly threw: boolean;
}

/** The bot's `onRun` hook. */
export type RunHook = (notice: RunNotice) => void;

/** Calls `hook` around `run`: begin, then end once `run` settled, whether it returned or threw. */
export async function noticed<T>(
  hook: RunHook,
  notice: Omit<RunNotice, "phase" | "threw">,
  run: () => T | PromiseLike<T>,
): Promise<T> {
  hook({ ...notice, phase: "begin", threw: false });
  let threw = true;
  try {
    const out = await run();
    threw = false;
    return out;
  } finally {
    hook({ ...notice, phase: "end", threw });
  }
}
