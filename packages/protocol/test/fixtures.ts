import type {
  AuditLogEntry,
  Channel,
  GuildCreatePayload,
  Interaction,
  Member,
  Message,
  ReadyPayload,
  Role,
  User,
} from "../src/index.js";

/** Realistic wire objects for the tests, as the reference server sends them. */
export const user: User = { id: "1001", username: "ada", name: "Ada", avatar_id: null, bot: false };

export const botUser: User = {
  id: "2001",
  username: "app_3001",
  name: "Helper",
  avatar_id: "av1",
  bot: true,
};

export const role: Role = {
  id: "4001",
  name: "@everyone",
  color: null,
  position: 0,
  permissions: ["view_channels", "send_messages"],
  hoist: false,
  mentionable: false,
  managed: false,
  default: true,
};

export const channel: Channel = {
  id: "5001",
  guild_id: "6001",
  name: "general",
  kind: "text",
  topic: null,
  position: 0,
  category_id: null,
  slowmode_seconds: 0,
  permissions: ["view_channels", "send_messages", "embed_links"],
};

export const member: Member = { user, nickname: "ada!", joined_at: 1_714_000_000_000, roles: ["4001"] };

export const message: Message = {
  id: "7001",
  channel_id: "5001",
  guild_id: "6001",
  author: user,
  content: "hello <@2001>",
  content_available: true,
  embeds: [{ title: "Card", color: "#ff8800", fields: [{ name: "a", value: "b", inline: true }] }],
  attachments: [
    { id: "8001", filename: "a.png", size: 10, content_type: "image/png", url: "https://x/a.png" },
  ],
  poll: null,
  mentions: { users: [botUser], roles: [], everyone: false },
  reactions: [{ emoji: { id: null, name: "👍" }, count: 2, me: true }],
  reply_to: null,
  interaction: null,
  pinned: false,
  created_at: 1_714_000_000_000,
  edited_at: null,
};

export const guildCreate: GuildCreatePayload = {
  id: "6001",
  name: "Test server",
  description: null,
  icon_id: null,
  owner_id: "1001",
  channels: [channel],
  categories: [{ id: "5000", name: "Text", position: 0 }],
  roles: [role],
  me: { roles: ["4001"], permissions: ["view_channels", "send_messages"] },
  scopes: ["commands", "messages.read"],
  intents: ["guilds", "guild_messages"],
  emojis: [{ id: "9001", name: "party", animated: false, available: true, image_id: "img1" }],
};

export const ready: ReadyPayload = {
  v: 1,
  session_id: "s1",
  user: botUser,
  application: { id: "3001", name: "Helper" },
  intents: ["guilds", "guild_messages"],
  guilds: [{ id: "6001", unavailable: true }],
};

export const interaction: Interaction = {
  id: "9101",
  application_id: "3001",
  type: 2,
  guild_id: "6001",
  channel_id: "5001",
  user,
  member: { nickname: null, roles: ["4001"], permissions: ["send_messages"] },
  data: {
    id: "9201",
    name: "remind",
    type: 1,
    options: [
      { name: "what", type: 3, value: "tea" },
      { name: "minutes", type: 4, value: 5 },
      { name: "who", type: 6, value: "1001" },
    ],
    resolved: {
      users: { "1001": user },
      members: { "1001": { nickname: null, roles: [], joined_at: 1, permissions: ["send_messages"] } },
    },
  },
  app_permissions: ["send_messages", "embed_links"],
  created_at: 1_714_000_000_000,
};

export const auditLogEntry: AuditLogEntry = {
  id: "9301",
  guild_id: "6001",
  action_type: 20,
  action: "member_kick",
  user_id: "1001",
  target_id: "1002",
  reason: "spam",
  options: {},
  changes: [{ key: "nickname", old_value: "a", new_value: null }],
  created_at: 1_714_000_000_000,
};
