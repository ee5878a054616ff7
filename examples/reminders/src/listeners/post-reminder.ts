import { ApiError, type JobInfo, Listener, OnSchedule, RestClient } from "@chatbot/framework";
import type { Reminder } from "../commands/remind.js";

/** Posts a reminder when its job comes due (at start, marked late, if the bot was down then). */
@Listener()
export class PostReminder {
  constructor(private readonly rest: RestClient) {}

  @OnSchedule("reminder")
  async post(reminder: Reminder, job: JobInfo) {
    const late = job.late ? " (late: I was offline when it was due)" : "";
    try {
      await this.rest.createMessage(reminder.channelId, {
        content: `<@${reminder.userId}> reminder: ${reminder.text}${late}`,
        allowed_mentions: { users: [reminder.userId] },
        // A job runs again if the bot stopped before it was marked done: the job's id as the
        // message's nonce makes the service post it once however often it runs.
        nonce: job.id,
      });
    } catch (error) {
      // The channel is gone, or the bot may no longer see or post in it: nobody can be reminded
      // there, and trying again would not change that.
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return;
      throw error;
    }
  }
}
