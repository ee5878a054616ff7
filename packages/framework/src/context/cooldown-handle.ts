/**
 * The cooldowns a use counted against, for `ctx.cooldown.refund()`: a handler that refuses the use
 * itself (a poll that is closed, a bad argument) gives it back, so the person is not made to wait.
 */
export class CooldownHandle {
  readonly #refunds: Array<() => void | Promise<void>> = [];

  /** Whether a `cooldown()` middleware counted this use (and a refund would give it back). */
  get counted(): boolean {
    return this.#refunds.length > 0;
  }

  /**
   * Gives this use back to every cooldown that counted it; the next use is judged as if it never
   * happened. No-op when none did. Resolves once the store has it (awaiting it is optional).
   */
  async refund(): Promise<void> {
    await Promise.all(this.#refunds.splice(0).map((refund) => refund()));
  }

  /** Called by a cooldown middleware with how to undo its count. */
  counts(refund: () => void | Promise<void>): void {
    this.#refunds.push(refund);
  }
}
