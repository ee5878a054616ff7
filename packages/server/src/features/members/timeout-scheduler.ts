import type { Timer } from "../../kernel/clock.js";
import type { MemberRecord } from "../../kernel/world/records.js";
import { pairKey } from "../../kernel/world/world.js";
import type { Kernel } from "../../kernel/kernel.js";

/**
 * The end of each member's timeout is a deadline on the clock. When it fires, the timeout is cleared
 * in a transaction of its own and a `GUILD_MEMBER_UPDATE` change with `timeout: "ended"` goes out
 * (moderation events report the end of a timeout).
 */
export class TimeoutScheduler {
  private readonly timers = new Map<string, Timer>();

  constructor(private readonly core: Kernel) {}

  /**
   * (Re)arms the deadline of `member`'s timeout; clears it when there is none. A deadline already
   * past (a loaded world) ends the timeout at once. Not to be called inside a transaction.
   */
  arm(member: MemberRecord): void {
    const key = pairKey(member.guild_id, member.user_id);
    this.timers.get(key)?.cancel();
    this.timers.delete(key);
    const until = member.communication_disabled_until;
    if (until === null) return;
    if (until <= this.core.clock.now()) {
      this.end(key, until);
      return;
    }
    const timer = this.core.clock.setTimer(until - this.core.clock.now(), () => {
      this.timers.delete(key);
      this.end(key, until);
    });
    this.timers.set(key, timer);
  }

  /** Arms every member's deadline (after loading a world). */
  armAll(): void {
    for (const member of this.core.world.tables.members.values()) {
      if (member.communication_disabled_until !== null) this.arm(member);
    }
  }

  /** Drops the deadline of a member who left. */
  cancel(guildId: string, userId: string): void {
    const key = pairKey(guildId, userId);
    this.timers.get(key)?.cancel();
    this.timers.delete(key);
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }

  private end(key: string, until: number): void {
    this.core.transact((tx) => {
      const before = tx.world.tables.members.get(key);
      if (!before || before.communication_disabled_until !== until) return;
      const user = tx.world.tables.users.get(before.user_id);
      if (!user) return;
      const member = { ...before, communication_disabled_until: null };
      tx.put("members", member);
      tx.emit({
        type: "GUILD_MEMBER_UPDATE",
        guildId: member.guild_id,
        member,
        before,
        user,
        timeout: "ended",
        otherFieldsChanged: false,
      });
    });
  }
}
