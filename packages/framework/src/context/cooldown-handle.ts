/**
 * The cooldowns a use counted against, for `ctx.cooldown.refund()`: a handler that refuses the use
 * itself (a poll that is closed, a bad argument) gives it back, so the person is not made to wait.
 */
export class CooldownHandle {
  readonly #refunds: Array<() => void> = [];

  /** Whether a `cooldown()` middleware counted this use (and a refund would give it back). */
  get counted(): boolean {
    return this.#refunds.length > 0;
  }

  /** Gives this use back to every cooldown that counted it; the next use is judged as if it never happened. No-op when none did. */
  refund(): void {
    for (const refund of this.#refunds.splice(0)) refund();
  }

  /** Called by a cooldown middleware with how to undo its count. */
  counts(refund: () => void): void {
    this.#refunds.push(refund);
  }
}
