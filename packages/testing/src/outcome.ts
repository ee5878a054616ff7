import type { Message } from "@chatbot/protocol";
import type { ServerObserver } from "@chatbot/server";
import type { InteractionNotice, InteractionState } from "@chatbot/protocol/dev";
import { NotAnsweredError } from "./errors.js";
import type { MessageLog } from "./message-log.js";
import type { Waits } from "./waits.js";

/** What the person who used a command sees of it. */
export interface OutcomeView {
  readonly state: InteractionState;
  /** Every answer in id order, ephemeral ones included (those carry `flags: 64`). */
  readonly messages: readonly Message[];
  readonly notice: InteractionNotice | null;
}

/** The part of its world an outcome reads (the world's context has it all). */
export interface OutcomeWorld {
  readonly observe: ServerObserver;
  readonly waits: Waits;
  readonly log: MessageLog;
  readonly timeoutMs: number;
  channelLabel(channelId: string): string;
}

/**
 * One use of a slash command, as the person who used it sees it. `state`, `answers` and `notice`
 * are read live from the in-process server, so after `world.clock.advance(3000)` an unanswered use
 * already reads `unanswered`.
 */
export class Outcome {
  private last: OutcomeView;
  private readonly states: InteractionState[] = [];

  constructor(
    private readonly world: OutcomeWorld,
    /** The interaction id. */
    readonly id: string,
    /** The command as typed, `/name`. */
    readonly command: string,
    /** Who used it (a username). */
    readonly user: string,
    readonly channelId: string,
    first: OutcomeView,
  ) {
    this.last = first;
    this.states.push(first.state);
  }

  /** The view now; kept from the last read when the server has dropped the interaction. */
  get view(): OutcomeView {
    const view = this.world.observe.interaction(this.id);
    if (view) {
      this.last = view;
      if (this.states.at(-1) !== this.last.state) this.states.push(this.last.state);
    }
    return this.last;
  }

  get state(): InteractionState {
    return this.view.state;
  }

  get notice(): InteractionNotice | null {
    return this.view.notice;
  }

  /** Every answer the person sees, original first, ephemeral ones included. */
  get answers(): readonly Message[] {
    return this.view.messages;
  }

  /** The original answer, once there is one. */
  get answer(): Message | undefined {
    return this.view.messages[0];
  }

  /** Whether an answer is shown only to the person (`flags: 64`). */
  static isEphemeral(message: Message): boolean {
    return ((message as { flags?: number }).flags ?? 0) & 64 ? true : false;
  }

  /**
   * Resolves with this outcome once the app has answered (a thinking use waits for its answer).
   * Rejects with {@link NotAnsweredError} when the use ends unanswered or was never delivered, and
   * with a `WaitTimeoutError` listing the states and channel messages seen after `timeoutMs` of
   * real time.
   */
  answered(options: { timeoutMs?: number } = {}): Promise<this> {
    return this.waitFor("answered", (state) => state === "answered", options.timeoutMs);
  }

  /** Resolves once the app has reacted at all (thinking, answered) or the use has ended. */
  settled(options: { timeoutMs?: number } = {}): Promise<this> {
    return this.waitFor("settled", (state) => state !== "delivered", options.timeoutMs, true);
  }

  /** The outcome as plain data (what a failing assertion prints). */
  toJSON(): OutcomeView & { command: string; user: string } {
    return { command: this.command, user: this.user, ...this.view };
  }

  private waitFor(
    label: string,
    done: (state: InteractionState) => boolean,
    timeoutMs: number | undefined,
    endsToo = false,
  ): Promise<this> {
    const log = this.world.log;
    const start = log.size;
    return this.world.waits.until({
      waitedFor: `${this.command} (used by ${this.user} in ${this.world.channelLabel(this.channelId)}) to be ${label}`,
      timeoutMs: timeoutMs ?? this.world.timeoutMs,
      check: () => {
        const view = this.view;
        if (done(view.state)) return this;
        if (view.state === "unanswered" || view.state === "not_delivered") {
          if (endsToo) return this;
          throw new NotAnsweredError(this.command, view.state, view.notice);
        }
        return undefined;
      },
      seen: () => [
        `the interaction went ${this.states.join(" → ")}`,
        ...log.since(start).map((line) => `message ${line}`),
      ],
    });
  }
}
