import { LIMITS } from "@chatbot/protocol";
import type { Timer } from "../../kernel/clock.js";
import type { Kernel } from "../../kernel/kernel.js";
import type { InteractionRecord } from "./interaction-record.js";

/**
 * The 3-second answer window of each delivered interaction, as a deadline on the server's clock.
 * When it passes without a callback, the interaction becomes `unanswered` (with the notice
 * `app_did_not_respond`) in a transaction of its own.
 */
export class InteractionDeadlines {
  private readonly timers = new Map<string, Timer>();

  constructor(private readonly core: Kernel) {}

  /** Arms the deadline of a delivered interaction (nothing for the other states). */
  arm(interaction: InteractionRecord): void {
    this.cancel(interaction.id);
    if (interaction.state !== "delivered") return;
    const due = interaction.created_at + LIMITS.interactionAnswerMs;
    const timer = this.core.clock.setTimer(due - this.core.clock.now(), () => {
      this.timers.delete(interaction.id);
      this.expire(interaction.id);
    });
    this.timers.set(interaction.id, timer);
  }

  /** Arms every delivered interaction's deadline (after loading a world). */
  armAll(): void {
    for (const interaction of this.core.world.tables.interactions.values()) this.arm(interaction);
  }

  /** Drops the deadline of an interaction that was answered. */
  cancel(interactionId: string): void {
    this.timers.get(interactionId)?.cancel();
    this.timers.delete(interactionId);
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }

  /** How many deadlines are armed (for tests and leak checks). */
  get size(): number {
    return this.timers.size;
  }

  private expire(interactionId: string): void {
    this.core.transact((tx) => {
      const before = tx.world.tables.interactions.get(interactionId);
      if (before?.state !== "delivered") return;
      tx.put("interactions", { ...before, state: "unanswered", notice: "app_did_not_respond" });
    });
  }
}
