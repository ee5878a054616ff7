export * from "./allowed-mentions/allowed-mentions.js";
export * from "./application/application.js";
export * from "./attachment/attachment.js";
export * from "./audit-log-entry/audit-log-entry.js";
export * from "./category/category.js";
export * from "./channel/channel.js";
export * from "./command-create-body/command-create-body.js";
export * from "./command-create-body/default-member-permissions.js";
export * from "./command-list-body/command-list-body.js";
export * from "./command-option/command-name.js";
export * from "./command-option/command-option.js";
export * from "./command-option/command-options.js";
export * from "./command-option/option-types.js";
export * from "./command-patch-body/command-patch-body.js";
export * from "./constants/index.js";
export * from "./create-message-body/create-message-body.js";
export * from "./create-message-body/message-content.js";
export * from "./edit-message-body/edit-message-body.js";
export * from "./embed/embed.js";
export * from "./embed/embed-characters.js";
export { type EmbedField, EmbedFieldSchema } from "./embed/embed-field.js";
export { EmbedListSchema } from "./embed/embed-list.js";
export * from "./emoji/emoji.js";
export * from "./error-body/error-body.js";
export * from "./gateway-address/gateway-address.js";
export * from "./guild-create-payload/guild-create-payload.js";
export * from "./guild-list-entry/guild-list-entry.js";
export {
  type GuildMe,
  GuildMeSchema,
  type GuildSnapshot,
  GuildSnapshotSchema,
} from "./guild-snapshot/guild-snapshot.js";
export * from "./link-card/link-card.js";
export * from "./member/member.js";
export * from "./message/message.js";
export * from "./message-interaction/message-interaction.js";
export * from "./message-mentions/message-mentions.js";
export * from "./names/names.js";
export * from "./poll/poll.js";
export * from "./reaction/reaction.js";
export * from "./reaction-emoji/reaction-emoji.js";
export * from "./role/role.js";
export * from "./slash-command/slash-command.js";
export * from "./snowflake/snowflake.js";
export * from "./user/user.js";
export * from "./validation/validate.js";
export * from "./validation/validation-error.js";
export * from "./webhook-embed/webhook-embed.js";
export * from "./webhook-execute-body/webhook-execute-body.js";
export * from "./webhook-info/webhook-info.js";
export * from "./webhook-post-result/webhook-post-result.js";
