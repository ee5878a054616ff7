import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { Clock, type ClockTimer, RestClient, singleton } from "@chatbot/framework";
import { ReminderConfig } from "./reminder-config.js";

/** One reminder: who, where, what, and when it is due on the bot's clock (Unix ms). */
export interface Reminder {
  readonly id: string;
  readonly userId: string;
  readonly channelId: string;
  readonly text: string;
  readonly dueAt: number;
}

/**
 * The pending reminders, kept in a JSON file so that a restart loses none: each change rewrites
 * the file (to a temporary name, then renamed over it, so a crash never leaves half a file), and
 * `arm()` sets a timer on the bot's clock for each one read back.
 */
@singleton()
export class ReminderBook {
  readonly #timers = new Map<string, ClockTimer>();
  #reminders: Reminder[];
  #armed = false;

  constructor(
    private readonly rest: RestClient,
    private readonly clock: Clock,
    private readonly config: ReminderConfig,
  ) {
    try {
      this.#reminders = JSON.parse(readFileSync(config.file, "utf8")) as Reminder[];
    } catch {
      this.#reminders = [];
    }
  }

  /** The reminders not yet posted, soonest first. */
  get pending(): readonly Reminder[] {
    return [...this.#reminders].sort((a, b) => a.dueAt - b.dueAt);
  }

  /** Sets the timers of the reminders read from the file (once; those already due fire now). */
  arm(): void {
    if (this.#armed) return;
    this.#armed = true;
    for (const reminder of this.#reminders) this.#schedule(reminder);
  }

  /** Keeps a new reminder and sets its timer. */
  add(userId: string, channelId: string, text: string, inMs: number): Reminder {
    this.arm();
    const reminder = {
      id: `${this.clock.now()}-${userId}-${this.#reminders.length}`,
      userId,
      channelId,
      text,
      dueAt: this.clock.now() + inMs,
    };
    this.#reminders.push(reminder);
    this.#save();
    this.#schedule(reminder);
    return reminder;
  }

  #schedule(reminder: Reminder): void {
    const wait = Math.max(0, reminder.dueAt - this.clock.now());
    this.#timers.set(
      reminder.id,
      this.clock.setTimer(wait, () => void this.#fire(reminder)),
    );
  }

  async #fire(reminder: Reminder): Promise<void> {
    this.#timers.delete(reminder.id);
    await this.rest.createMessage(reminder.channelId, {
      content: `<@${reminder.userId}> reminder: ${reminder.text}`,
      allowed_mentions: { users: [reminder.userId] },
    });
    this.#reminders = this.#reminders.filter((r) => r.id !== reminder.id);
    this.#save();
  }

  #save(): void {
    mkdirSync(dirname(this.config.file), { recursive: true });
    const temporary = `${this.config.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.#reminders, null, 2));
    renameSync(temporary, this.config.file);
  }
}
