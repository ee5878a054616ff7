import type { ServerObserver } from "@chatbot/server";

/** Where a framework bot's handler failed (the shape of the framework's `HandlerFailure`). */
export interface BotFailurePlace {
  readonly kind?: string;
  readonly handler?: string;
  /** The handler's context: a command's has `commandName`. */
  readonly ctx?: unknown;
  /** A scheduled job's handler: which job, and which attempt. */
  readonly job?: { readonly name: string; readonly key: string | null; readonly attempt: number };
}

/** An error a bot's handler threw, and where: as `world.takeBotErrors()` answers it. */
export interface BotHandlerError {
  readonly error: unknown;
  /** Which handler threw: `/roll` (a command), `Faulty.heard` (a listener), or `Digest.send (job digest, key daily, attempt 2)`. */
  readonly where: string;
}

/** One error a bot reported to the world through {@link Diagnostics.report}. */
export interface BotError extends BotHandlerError {
  /** The inspector's sequence number when it was reported: waits list those since they began. */
  readonly at: number;
}

/** `/roll`, `Faulty.heard`, or `Digest.send (job digest, key daily, attempt 2)`. */
function placeOf(where: BotFailurePlace | undefined): string {
  const command = (where?.ctx as { commandName?: unknown } | undefined)?.commandName;
  if (where?.kind === "command" && typeof command === "string") return `/${command}`;
  const handler = where?.handler ?? "a handler";
  const job = where?.job;
  if (!job) return handler;
  const key = job.key === null ? "" : `, key ${job.key}`;
  return `${handler} (job ${job.name}${key}, attempt ${job.attempt})`;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * What a world knows of a bot's failures, for a failed wait to say: the calls the service refused
 * the world's apps (from the server's inspector: method, path, status, code and why), and the
 * errors a framework bot's handlers threw (reported through `createBot({ onError: world.onBotError })`).
 */
export class Diagnostics {
  readonly errors: BotError[] = [];

  constructor(private readonly observe: ServerObserver) {}

  /** Where the record stands now: a wait keeps it, and lists what came after. */
  mark(): number {
    return this.observe.inspectorMark();
  }

  /** A bot's handler error (the `onError` hook of a framework bot). */
  report(error: unknown, where?: BotFailurePlace): void {
    this.errors.push({ error, where: placeOf(where), at: this.mark() });
  }

  /** Lines for a failed wait: what was refused and what the bot threw since `mark`. */
  since(mark: number): string[] {
    const lines: string[] = [];
    for (const record of this.observe.inspectorRecords(mark, 200)) {
      if (record.kind !== "rest" && record.kind !== "webhook") continue;
      if ((record.status ?? 0) < 400) continue;
      const why = record.explanation ? `: ${(record.explanation as { summary?: string }).summary ?? ""}` : "";
      const who = record.app_name ?? "a webhook";
      lines.push(
        `the service refused ${who} ${record.method} ${record.path}: ${record.status} ${record.error?.code ?? ""}${why}`,
      );
    }
    for (const failure of this.errors) {
      if (failure.at >= mark)
        lines.push(`the bot threw in ${failure.where}: ${describeError(failure.error)}`);
    }
    return lines;
  }
}
