import type { AppRecord, UserRecord } from "../world/records.js";

/** A bot acting through `/v1` with its token. */
export interface BotActor {
  readonly kind: "bot";
  readonly user: UserRecord;
  readonly app: AppRecord;
}

/** A person acting through the dev API (`X-Dev-User`). */
export interface PersonActor {
  readonly kind: "person";
  readonly user: UserRecord;
}

/**
 * Who performs an operation. Both kinds go through the same permission engine; bots also need the
 * install's scopes, and see only servers they are installed in.
 */
export type Actor = BotActor | PersonActor;
