import { Listener, Once } from "@chatbot/framework";
import { ReminderBook } from "../reminder-book.js";

/** Once connected, sets the timers of the reminders kept from before a restart. */
@Listener()
export class Rearm {
  constructor(private readonly book: ReminderBook) {}

  @Once("READY")
  ready() {
    this.book.arm();
  }
}
