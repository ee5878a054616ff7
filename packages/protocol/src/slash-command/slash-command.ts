import * as v from "valibot";
import { CommandDescriptionSchema, CommandNameSchema } from "../command-option/command-name.js";
import { CommandOptionSchema } from "../command-option/command-option.js";
import { arr, nullableStr, obj } from "../shared/fields.js";
import { expected } from "../shared/messages.js";
import { SnowflakeSchema } from "../snowflake/snowflake.js";

/**
 * A command as the command routes return it: its id (kept while the name stays), the app, the server
 * (null for a global command), name, description, options, `type: 1` and `default_member_permissions`.
 */
export const SlashCommandSchema = obj({
  id: SnowflakeSchema,
  application_id: SnowflakeSchema,
  guild_id: v.nullable(SnowflakeSchema),
  name: CommandNameSchema,
  description: CommandDescriptionSchema,
  options: arr(CommandOptionSchema),
  type: v.literal(1, expected("1")),
  default_member_permissions: nullableStr(),
});

/** A registered slash command. */
export type SlashCommand = v.InferOutput<typeof SlashCommandSchema>;
