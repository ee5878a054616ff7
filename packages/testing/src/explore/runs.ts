/**
 * What the bot's `onRun` hook tells of a handler's run (the framework's `RunNotice`; repeated here
 * so that `@chatbot/testing` needs no framework at run time).
 */
export interface RunNotice {
  readonly phase: "begin" | "end";
  readonly kind: "listener" | "answer" | "job" | "conversation";
  readonly handler: string;
  readonly event: string | null;
  readonly messageId: string | null;
  readonly jobId: string | null;
  readonly conversation: string | null;
  readonly ending: string | null;
  readonly redelivered: boolean;
  readonly threw: boolean;
}

/** A run's notice as the scenario kept it. */
export interface Run extends RunNotice {
  /** The bot's process that ran it (1 for the first; one more after each crash). */
  readonly process: number;
  /** The step during which it came (0: before the first). */
  readonly step: number;
  /**
   * At `end`: the run is finished for good, as far as the bot can know: its process then settled
   * (every store write it had begun was taken) before any crash, with no other run on its message
   * still going. A run that ended just before a crash is not: its end may not have been written.
   */
  finished: boolean;
}

/** What a run is about: the handler and its message, any step's answer to a message, or the job. */
function subjectOf(run: RunNotice): string | null {
  if (run.kind === "conversation") return null;
  if (run.kind === "job") return run.jobId === null ? null : `the job ${run.handler} (${run.jobId})`;
  if (run.messageId === null) return null;
  if (run.kind === "answer") return `a conversation's answer to message ${run.messageId}`;
  return `${run.handler} on message ${run.messageId}`;
}

/**
 * The runs of one scenario's bots, in order, from each process's `onRun` hook (a crashed
 * process's notices are dropped, as its handlers' effects are).
 */
export class RunLog {
  readonly runs: Run[] = [];
  /** Runs begun and not ended, by message or job. */
  readonly #open = new Map<string, number>();

  /** The hook for the process `process`; `step()` reads the scenario's step, `dead()` the crash. */
  hook(process: number, step: () => number, dead: () => boolean): (notice: RunNotice) => void {
    return (notice) => {
      if (dead()) return;
      const run: Run = { ...notice, process, step: step(), finished: false };
      this.runs.push(run);
      if (run.kind === "conversation") return;
      const of = run.kind === "job" ? `job ${run.jobId}` : `message ${run.messageId}`;
      this.#open.set(of, (this.#open.get(of) ?? 0) + (run.phase === "begin" ? 1 : -1));
    };
  }

  /** The process `process` settled with no store write under way: what it ended is finished. */
  settled(process: number): void {
    for (const run of this.runs) {
      if (run.phase !== "end" || run.finished || run.process !== process) continue;
      const of = run.kind === "job" ? `job ${run.jobId}` : `message ${run.messageId}`;
      if ((this.#open.get(of) ?? 0) === 0) run.finished = true;
    }
  }

  /** A crash: the runs its process had open never end. */
  crashed(): void {
    this.#open.clear();
  }
}

/**
 * Nothing finished runs again: no message handled again by a handler (or answered again by a
 * conversation) once its run finished for good, and no job run again once it finished; a run
 * again after one that had not finished is flagged (`ctx.redelivered`, `job.redelivered`).
 */
export function ranAgain(runs: readonly Run[], jobs: boolean): string | undefined {
  const seen = new Map<string, Run[]>();
  for (const run of runs) {
    if ((run.kind === "job") !== jobs) continue;
    const subject = subjectOf(run);
    if (subject === null) continue;
    const before = seen.get(subject) ?? [];
    if (run.phase === "begin") {
      const done = before.find((r) => r.phase === "end" && r.finished);
      if (done !== undefined)
        return `${subject} ran again (step ${run.step}, process ${run.process}) after it finished in process ${done.process} (step ${done.step})`;
      const begun = before.find((r) => r.phase === "begin");
      if (begun !== undefined && !run.redelivered)
        return `${subject} ran again (step ${run.step}, process ${run.process}) without being flagged redelivered, after it began in process ${begun.process} (step ${begun.step})`;
    }
    before.push(run);
    seen.set(subject, before);
  }
  return undefined;
}

/**
 * No conversation ends twice: its end (by an answer, a cancel, a timeout, a stale step, or
 * another started over it) is written once, whichever process writes it.
 */
export function endedTwice(runs: readonly Run[]): string | undefined {
  const ends = new Map<string, Run>();
  for (const run of runs) {
    if (run.kind !== "conversation" || run.phase !== "end" || run.conversation === null) continue;
    const first = ends.get(run.conversation);
    if (first !== undefined)
      return `the ${run.handler} started by ${run.conversation} ended twice: ${first.ending} (step ${first.step}, process ${first.process}), then ${run.ending} (step ${run.step}, process ${run.process})`;
    ends.set(run.conversation, run);
  }
  return undefined;
}
