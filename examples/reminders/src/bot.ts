import { defineBot } from "@chatbot/framework";
import { Remind } from "./commands/remind.js";
import { PostReminder } from "./listeners/post-reminder.js";

/** The reminders bot: the reminders are jobs of the bot's scheduler, kept in its state store. */
export default defineBot({ commands: [Remind], listeners: [PostReminder] });
