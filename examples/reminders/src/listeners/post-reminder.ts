import { type JobInfo, Listener, OnSchedule, RestClient } from "@chatbot/framework";
import type { Reminder } from "../commands/remind.js";

/** Posts a reminder when its job comes due (at start, marked late, if the bot was down then). */
@Listener()
export class PostReminder {
  constructor(private readonly rest: RestClient) {}

  @OnSchedule("reminder")
  async post(reminder: Reminder, job: JobInfo) {
    const late = job.late ? " (late: I was offline when it was due)" : "";
    await this.rest.createMessage(reminder.channelId, {
      content: `<@${reminder.userId}> reminder: ${reminder.text}${late}`,
      allowed_mentions: { users: [reminder.userId] },
    });
  }
}
