/** Where the reminders are kept: a JSON file (`REMINDERS_FILE`, default `.data/reminders.json`). */
export class ReminderConfig {
  constructor(readonly file: string) {}

  static fromEnv(env: NodeJS.ProcessEnv = process.env): ReminderConfig {
    return new ReminderConfig(env.REMINDERS_FILE || ".data/reminders.json");
  }
}
