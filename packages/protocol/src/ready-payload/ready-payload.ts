import * as v from "valibot";
import { IntentSchema } from "../names/names.js";
import { arr, bool, obj, str } from "../shared/fields.js";
import { expected } from "../shared/messages.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";
import { UserSchema } from "../user/user.js";

/** An entry of `READY.guilds`. */
export const ReadyGuildSchema = obj({ id: SnowflakeSchema, unavailable: bool() });

/**
 * `d` of `READY`: gateway version `1`, the session id, the bot user, the app's id and name, the intents
 * this connection asked for, and the installed servers (each followed by a `GUILD_CREATE`).
 */
export const ReadyPayloadSchema = obj({
  v: v.literal(1, expected("1")),
  session_id: str(),
  user: UserSchema,
  application: obj({ id: SnowflakeSchema, name: str() }),
  intents: arr(IntentSchema),
  guilds: arr(ReadyGuildSchema),
});

/** The `READY` payload. */
export type ReadyPayload = v.InferOutput<typeof ReadyPayloadSchema>;
