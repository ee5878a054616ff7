import { definePlugin } from "@chatbot/framework";
import * as v from "valibot";
import { AuditLogWatch } from "./audit-log-watch.js";
import { ModLog } from "./mod-log.js";
import { ModLogSettings } from "./mod-log-settings.js";

/** The mod log's options. */
export const ModLogOptionsSchema = v.strictObject({
  /** The name of the channel to log into, in each server (default `mod-log`). */
  channel: v.optional(
    v.pipe(
      v.string("must be a channel name"),
      v.minLength(1, "must be a channel name, not empty"),
      v.maxLength(100, "must be a channel name of at most 100 characters"),
    ),
    "mod-log",
  ),
  /**
   * A key prefix of the bot's store (`settings:`): a server whose `<prefix><server id>` value has a
   * `logChannel` (a channel id, as a `/setup` wizard saves it) is logged there instead.
   */
  channelSetting: v.optional(
    v.pipe(
      v.string("must be a key prefix of the bot's store"),
      v.minLength(1, "must be a key prefix of the bot's store, not empty"),
      v.maxLength(200, "must be a key prefix of at most 200 characters"),
    ),
  ),
});

/** The options of {@link modLog}. */
export type ModLogOptions = v.InferInput<typeof ModLogOptionsSchema>;

/**
 * The mod log: posts the moderation people do (bans and lifted bans, kicks, timeouts and their
 * end, deleted messages, each with its reason) into each server's `channel`, read from the audit
 * log, or into the channel a server chose, saved under `channelSetting` in the bot's store. It needs the `guild_moderation` intent (asked for by its listener) and the View audit log
 * permission on the bot's role. It exports {@link ModLog}, for a bot's own commands to log with.
 *
 * @example
 * export default defineBot({ commands: [Warn], plugins: [modLog({ channel: "mod-log" })] });
 */
export const modLog = definePlugin({
  name: "mod-log",
  options: ModLogOptionsSchema,
  listeners: [AuditLogWatch],
  exports: [ModLog],
  setup: (options) => ({
    providers: [
      { provide: ModLogSettings, useValue: new ModLogSettings(options.channel, options.channelSetting) },
    ],
  }),
});
