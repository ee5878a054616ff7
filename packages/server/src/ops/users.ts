import type { ServerCore } from "../core/server-core.js";
import { ConflictError } from "../errors/api-error.js";
import type { UserRecord } from "../world/records.js";

/** Input of {@link createUser} (validated at the edge). */
export interface CreateUserInput {
  readonly username: string;
  readonly name?: string | undefined;
}

/** Whether a username is taken (usernames are unique, case-insensitive). */
export function usernameTaken(core: ServerCore, username: string): boolean {
  const wanted = username.toLowerCase();
  for (const user of core.world.tables.users.values())
    if (user.username.toLowerCase() === wanted) return true;
  return false;
}

/** Creates a person (`bot: false`); `409 conflict` when the username is taken. */
export function createUser(core: ServerCore, input: CreateUserInput): UserRecord {
  return core.transact((tx) => {
    if (usernameTaken(core, input.username))
      throw new ConflictError(`the username ${input.username} is taken`);
    const user: UserRecord = {
      id: core.ids.next(),
      username: input.username,
      name: input.name ?? input.username,
      avatar_id: null,
      bot: false,
    };
    tx.put("users", user);
    return user;
  });
}
