// Not read by the code: with valibot's namespace in scope, the declaration output names its types as
// v.StrictObjectSchema<…> instead of nested import("valibot") types, which @microsoft/api-extractor's
// report (npm run lint:api) walks in time exponential in their depth: DEV_ROUTES's took minutes.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type * as v from "valibot";
import type { AuditLogEntry } from "../../audit-log-entry/audit-log-entry.js";
import type { Category } from "../../category/category.js";
import type { Emoji } from "../../emoji/emoji.js";
import type { Message } from "../../message/message.js";
import type { Role } from "../../role/role.js";
import type { User } from "../../user/user.js";
import type {
  DevApplication,
  DevAutomodRule,
  DevChannel,
  DevClockState,
  DevCreatedApp,
  DevCreatedGuild,
  DevCreatedWebhook,
  DevGuild,
  DevInstall,
  DevMember,
  DevWebhook,
} from "../answers/world-answers.js";
import type { InspectorPage, PendingFault } from "../answers/inspector-record.js";
import type {
  DevCommandUse,
  DevCommandView,
  DevFaultCreated,
  DevGuildView,
  GatewaySessionInfo,
  InteractionView,
} from "../answers/tool-answers.js";
import type {
  CreateAppBodySchema,
  CreateUserBodySchema,
  PatchAppBodySchema,
  AdvanceClockBodySchema,
} from "../bodies/app-bodies.js";
import type { AutomodRuleBodySchema } from "../bodies/automod-body.js";
import type {
  BulkDeleteBodySchema,
  CreateCategoryBodySchema,
  CreateChannelBodySchema,
  CreateWebhookBodySchema,
  DevEditMessageBodySchema,
  DevMessageBodySchema,
  PatchChannelBodySchema,
  UseCommandBodySchema,
} from "../bodies/channel-bodies.js";
import type { FaultBodySchema } from "../bodies/fault-body.js";
import type {
  CreateGuildBodySchema,
  CreateRoleBodySchema,
  EmojiBodySchema,
  InstallBodySchema,
  InstallPatchSchema,
  JoinBodySchema,
  PatchGuildBodySchema,
  PatchMemberBodySchema,
  PatchRoleBodySchema,
  RemoveMemberBodySchema,
  ReorderRolesBodySchema,
} from "../bodies/guild-bodies.js";
import type { ParsedSeedWorld, SeedWorldSchema } from "../seed-world/seed-world.js";
import { answer, body, defineDevRoute as route } from "./dev-route.js";

const none = answer<void>;
const GUILD = "/dev/v1/guilds/:guild_id";
const CHANNEL = "/dev/v1/channels/:channel_id";
const MESSAGE = `${CHANNEL}/messages/:message_id` as const;

/** `limit`, `before` and `after` of a message page. */
export type MessagePage = { limit?: number; before?: string; after?: string };

/**
 * Every route of the dev API (`/dev/v1`), by name: method, path template, and the types of its body,
 * answer and query. {@link DevClient} calls them; it needs no schema, so this table holds none (a
 * page that calls the dev API carries no valibot). The body schemas, which the server validates
 * with, are {@link DEV_ROUTE_BODIES}, keyed by the same names.
 */
export const DEV_ROUTES = {
  createUser: route("POST", "/dev/v1/users", answer<User>(), body<typeof CreateUserBodySchema>()),
  createApp: route("POST", "/dev/v1/apps", answer<DevCreatedApp>(), body<typeof CreateAppBodySchema>()),
  updateApp: route(
    "PATCH",
    "/dev/v1/apps/:app_id",
    answer<DevApplication>(),
    body<typeof PatchAppBodySchema>(),
  ),
  resetAppToken: route("POST", "/dev/v1/apps/:app_id/token", answer<{ token: string }>()),
  listAppSessions: route("GET", "/dev/v1/apps/:app_id/sessions", answer<GatewaySessionInfo[]>()),
  deleteApp: route("DELETE", "/dev/v1/apps/:app_id", none()),

  createGuild: route(
    "POST",
    "/dev/v1/guilds",
    answer<DevCreatedGuild>(),
    body<typeof CreateGuildBodySchema>(),
  ),
  updateGuild: route("PATCH", GUILD, answer<DevGuild>(), body<typeof PatchGuildBodySchema>()),
  deleteGuild: route("DELETE", GUILD, none()),
  readAuditLog: route("GET", `${GUILD}/audit-log`, answer<AuditLogEntry[], { limit?: number }>()),
  createEmoji: route("POST", `${GUILD}/emojis`, answer<Emoji>(), body<typeof EmojiBodySchema>()),
  renameEmoji: route("PATCH", `${GUILD}/emojis/:emoji_id`, answer<Emoji>(), body<typeof EmojiBodySchema>()),
  deleteEmoji: route("DELETE", `${GUILD}/emojis/:emoji_id`, none()),
  installApp: route("POST", `${GUILD}/installs`, answer<DevInstall>(), body<typeof InstallBodySchema>()),
  updateInstall: route(
    "PATCH",
    `${GUILD}/installs/:app_id`,
    answer<DevInstall>(),
    body<typeof InstallPatchSchema>(),
  ),
  uninstallApp: route("DELETE", `${GUILD}/installs/:app_id`, none()),

  listMembers: route("GET", `${GUILD}/members`, answer<DevMember[], { limit?: number; after?: string }>()),
  joinGuild: route("POST", `${GUILD}/members`, answer<DevMember>(), body<typeof JoinBodySchema>()),
  updateMember: route(
    "PATCH",
    `${GUILD}/members/:user_id`,
    answer<DevMember>(),
    body<typeof PatchMemberBodySchema>(),
  ),
  removeMember: route("DELETE", `${GUILD}/members/:user_id`, none(), body<typeof RemoveMemberBodySchema>()),
  unbanUser: route("DELETE", `${GUILD}/bans/:user_id`, none()),

  createRole: route("POST", `${GUILD}/roles`, answer<Role>(), body<typeof CreateRoleBodySchema>()),
  reorderRoles: route("PATCH", `${GUILD}/roles`, answer<Role[]>(), body<typeof ReorderRolesBodySchema>()),
  updateRole: route("PATCH", `${GUILD}/roles/:role_id`, answer<Role>(), body<typeof PatchRoleBodySchema>()),
  deleteRole: route("DELETE", `${GUILD}/roles/:role_id`, none()),

  createChannel: route(
    "POST",
    `${GUILD}/channels`,
    answer<DevChannel>(),
    body<typeof CreateChannelBodySchema>(),
  ),
  createCategory: route(
    "POST",
    `${GUILD}/categories`,
    answer<Category>(),
    body<typeof CreateCategoryBodySchema>(),
  ),
  updateChannel: route("PATCH", CHANNEL, answer<DevChannel>(), body<typeof PatchChannelBodySchema>()),
  deleteChannel: route("DELETE", CHANNEL, none()),

  listMessages: route("GET", `${CHANNEL}/messages`, answer<Message[], MessagePage>()),
  postMessage: route("POST", `${CHANNEL}/messages`, answer<Message>(), body<typeof DevMessageBodySchema>()),
  editMessage: route("PATCH", MESSAGE, answer<Message>(), body<typeof DevEditMessageBodySchema>()),
  deleteMessage: route("DELETE", MESSAGE, none()),
  bulkDeleteMessages: route(
    "POST",
    `${CHANNEL}/messages/bulk-delete`,
    none(),
    body<typeof BulkDeleteBodySchema>(),
  ),
  pinMessage: route("PUT", `${MESSAGE}/pin`, none()),
  unpinMessage: route("DELETE", `${MESSAGE}/pin`, none()),
  addReaction: route("PUT", `${MESSAGE}/reactions/:emoji`, none()),
  removeReaction: route("DELETE", `${MESSAGE}/reactions/:emoji`, none()),

  exportWorld: route("GET", "/dev/v1/world", answer<ParsedSeedWorld>()),
  replaceWorld: route("PUT", "/dev/v1/world", answer<ParsedSeedWorld>(), body<typeof SeedWorldSchema>()),
  reset: route("POST", "/dev/v1/reset", none()),
  readClock: route("GET", "/dev/v1/clock", answer<DevClockState>()),
  advanceClock: route(
    "POST",
    "/dev/v1/clock",
    answer<{ now: number }>(),
    body<typeof AdvanceClockBodySchema>(),
  ),

  createAutomodRule: route(
    "POST",
    `${GUILD}/automod-rules`,
    answer<DevAutomodRule>(),
    body<typeof AutomodRuleBodySchema>(),
  ),
  listAutomodRules: route("GET", `${GUILD}/automod-rules`, answer<DevAutomodRule[]>()),
  deleteAutomodRule: route("DELETE", `${GUILD}/automod-rules/:rule_id`, none()),

  createWebhook: route(
    "POST",
    `${CHANNEL}/webhooks`,
    answer<DevCreatedWebhook>(),
    body<typeof CreateWebhookBodySchema>(),
  ),
  renewWebhookUrl: route("POST", "/dev/v1/webhooks/:webhook_id/url", answer<{ url: string }>()),
  getWebhook: route("GET", "/dev/v1/webhooks/:webhook_id", answer<DevWebhook>()),
  deleteWebhook: route("DELETE", "/dev/v1/webhooks/:webhook_id", none()),

  useCommand: route(
    "POST",
    `${CHANNEL}/interactions`,
    answer<DevCommandUse>(),
    body<typeof UseCommandBodySchema>(),
  ),
  getInteraction: route("GET", "/dev/v1/interactions/:interaction_id", answer<InteractionView>()),

  createFault: route("POST", "/dev/v1/faults", answer<DevFaultCreated>(), body<typeof FaultBodySchema>()),
  listFaults: route("GET", "/dev/v1/faults", answer<PendingFault[]>()),
  clearFaults: route("DELETE", "/dev/v1/faults", none()),

  listMyGuilds: route("GET", "/dev/v1/users/@me/guilds", answer<DevGuildView[]>()),
  listChannelCommands: route("GET", `${CHANNEL}/commands`, answer<DevCommandView[]>()),
  readInspector: route(
    "GET",
    "/dev/v1/inspector",
    answer<InspectorPage, { app_id?: string; after?: number; limit?: number }>(),
  ),
} as const;

/** The name of a dev API route. */
export type DevRouteName = keyof typeof DEV_ROUTES;

/** The table's routes by name. */
export type DevRoutes = typeof DEV_ROUTES;
