import type * as v from "valibot";
import { EmojiSchema } from "../emoji/emoji.js";
import { guildSnapshotEntries } from "../guild-snapshot/guild-snapshot.js";
import { IntentSchema, ScopeSchema } from "../names/names.js";
import { arr, obj } from "../shared/fields.js";

/**
 * `d` of `GUILD_CREATE` and `GUILD_UPDATE`: the server snapshot plus the install's effective `scopes`
 * and `intents` and the server's custom `emojis`.
 */
export const GuildCreatePayloadSchema = obj({
  ...guildSnapshotEntries,
  scopes: arr(ScopeSchema),
  intents: arr(IntentSchema),
  emojis: arr(EmojiSchema),
});

/** The payload of `GUILD_CREATE` and `GUILD_UPDATE`. */
export type GuildCreatePayload = v.InferOutput<typeof GuildCreatePayloadSchema>;
