import type { Application, User } from "@chatbot/protocol";
import type { AppRecord, UserRecord } from "../world/records.js";

/** The user object (no other fields are ever shown). */
export function serializeUser(user: UserRecord): User {
  return { id: user.id, username: user.username, name: user.name, avatar_id: user.avatar_id, bot: user.bot };
}

/** Stands in for an author whose account no longer exists. */
export function missingUser(id: string): User {
  return { id, username: "deleted_user", name: "Deleted user", avatar_id: null, bot: false };
}

/** The application object (`GET /v1/applications/@me`). */
export function serializeApplication(app: AppRecord): Application {
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    review_state: app.review_state,
    bot_user_id: app.bot_user_id,
  };
}
