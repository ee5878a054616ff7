import {
  AdvanceClockBodySchema,
  CreateAppBodySchema,
  CreateUserBodySchema,
  PatchAppBodySchema,
} from "../bodies/app-bodies.js";
import { AutomodRuleBodySchema } from "../bodies/automod-body.js";
import {
  BulkDeleteBodySchema,
  CreateCategoryBodySchema,
  CreateChannelBodySchema,
  CreateWebhookBodySchema,
  DevEditMessageBodySchema,
  DevMessageBodySchema,
  PatchChannelBodySchema,
  UseCommandBodySchema,
} from "../bodies/channel-bodies.js";
import { FaultBodySchema } from "../bodies/fault-body.js";
import {
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
import { SeedWorldSchema } from "../seed-world/seed-world.js";
import type { BodySchemaOf } from "./dev-route.js";
import type { DevRouteName, DevRoutes } from "./dev-routes.js";

/** Each route's body schema, exactly the type {@link DEV_ROUTES} declares for it (`undefined`: none). */
export type DevRouteBodies = { readonly [N in DevRouteName]: BodySchemaOf<DevRoutes[N]> };

/**
 * The body schema of every route of {@link DEV_ROUTES}, by the same name (`undefined` for a route
 * that takes no body): what the server validates each body with. Apart from the route table so that
 * a client, which needs only methods, paths and types, carries no schema. Every name of the table is
 * here and no other, each with the schema type the table declares (the compiler checks both).
 */
export const DEV_ROUTE_BODIES: DevRouteBodies = {
  createUser: CreateUserBodySchema,
  createApp: CreateAppBodySchema,
  updateApp: PatchAppBodySchema,
  resetAppToken: undefined,
  listAppSessions: undefined,
  deleteApp: undefined,
  createGuild: CreateGuildBodySchema,
  updateGuild: PatchGuildBodySchema,
  deleteGuild: undefined,
  readAuditLog: undefined,
  createEmoji: EmojiBodySchema,
  renameEmoji: EmojiBodySchema,
  deleteEmoji: undefined,
  installApp: InstallBodySchema,
  updateInstall: InstallPatchSchema,
  uninstallApp: undefined,
  listMembers: undefined,
  joinGuild: JoinBodySchema,
  updateMember: PatchMemberBodySchema,
  removeMember: RemoveMemberBodySchema,
  unbanUser: undefined,
  createRole: CreateRoleBodySchema,
  reorderRoles: ReorderRolesBodySchema,
  updateRole: PatchRoleBodySchema,
  deleteRole: undefined,
  createChannel: CreateChannelBodySchema,
  createCategory: CreateCategoryBodySchema,
  updateChannel: PatchChannelBodySchema,
  deleteChannel: undefined,
  listMessages: undefined,
  postMessage: DevMessageBodySchema,
  editMessage: DevEditMessageBodySchema,
  deleteMessage: undefined,
  bulkDeleteMessages: BulkDeleteBodySchema,
  pinMessage: undefined,
  unpinMessage: undefined,
  addReaction: undefined,
  removeReaction: undefined,
  exportWorld: undefined,
  replaceWorld: SeedWorldSchema,
  reset: undefined,
  readClock: undefined,
  advanceClock: AdvanceClockBodySchema,
  createAutomodRule: AutomodRuleBodySchema,
  listAutomodRules: undefined,
  deleteAutomodRule: undefined,
  createWebhook: CreateWebhookBodySchema,
  renewWebhookUrl: undefined,
  getWebhook: undefined,
  deleteWebhook: undefined,
  useCommand: UseCommandBodySchema,
  getInteraction: undefined,
  createFault: FaultBodySchema,
  listFaults: undefined,
  clearFaults: undefined,
  listMyGuilds: undefined,
  listChannelCommands: undefined,
  readInspector: undefined,
};
