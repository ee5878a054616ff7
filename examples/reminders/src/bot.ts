import { defineBot } from "@chatbot/framework";
import { Remind } from "./commands/remind.js";
import { Rearm } from "./listeners/rearm.js";
import { ReminderConfig } from "./reminder-config.js";

/** The reminders bot: its file comes from REMINDERS_FILE; tests give their own. */
export default defineBot({
  commands: [Remind],
  listeners: [Rearm],
  providers: [{ provide: ReminderConfig, useValue: ReminderConfig.fromEnv() }],
});
