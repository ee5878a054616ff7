import type { Kernel } from "../kernel.js";
import { ConflictError } from "../errors/api-error.js";
import type { UserRecord } from "../world/records.js";
import { usernameKey } from "../world/world.js";

/** Input of {@link createUser} (validated at the edge). */
export interface CreateUserInput {
  readonly username: string;
  readonly name?: string | undefined;
}

/** Whether a username is taken (usernames are unique, case-insensitive). */
export function usernameTaken(core: Kernel, username: string): boolean {
  return usersNamed(core, username).size > 0;
}

/** The users whose username is `username` (compared case-insensitively), from the username index. */
export function usersNamed(core: Kernel, username: string): ReadonlyMap<string, UserRecord> {
  return core.world.tables.users.by("username", usernameKey(username));
}

/** Creates a person (`bot: false`); `409 conflict` when the username is taken. */
export function createUser(core: Kernel, input: CreateUserInput): UserRecord {
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
