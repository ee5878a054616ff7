// Worlds of bench/scale.mjs, made as seed objects (the shape `PUT /dev/v1/world` takes) and as
// rows put straight into a running server's world, so that 10,000 servers or 1,000,000 messages
// take seconds to build instead of as many HTTP calls.
import { createHash } from "node:crypto";

const { ID_EPOCH, snowflakeString } = await import("../../packages/server/dist/index.js");

/** Members and channels of each server of the servers world (the table). */
export const MEMBERS_PER_SERVER = 50;
export const CHANNELS_PER_SERVER = 10;
/** People the servers' members are drawn from (at most this many users). */
const PEOPLE = 5_000;
const ALL_INTENTS = ["guilds", "guild_messages", "message_content"];
const BOT_PERMISSIONS = ["view_channels", "send_messages", "read_message_history", "embed_links"];

/**
 * Makes snowflake ids in the past (worker 6, which the server never uses), rising: `next()` moves
 * one sequence step, 100,000 per millisecond. `daysAgo` sets where they start.
 */
export class PastIds {
  #ms;
  #n = 0;
  constructor(daysAgo = 30) {
    this.#ms = Date.now() - ID_EPOCH - daysAgo * 86_400_000;
  }
  next() {
    const n = this.#n++;
    return snowflakeString(this.#ms + Math.floor(n / 100_000), (6 << 17) | (n % 100_000));
  }
}

/** A fixed token for a named app of a world. */
export const tokenOf = (name) =>
  `scale-${name}-${createHash("sha256").update(name).digest("hex").slice(0, 24)}`;

/**
 * The servers world: `servers` servers, each with 50 members (drawn from up to 5,000 people) and 10
 * text channels; the app `conn` (identifies, reads nothing) and `sdk` (recovery) installed in every
 * server, `other` only in the first. Answers `{ seed, apps, guildIds, channelIds, ownerId }`.
 */
export function serversWorld(servers) {
  const ids = new PastIds(60);
  const people = Math.min(PEOPLE, servers * MEMBERS_PER_SERVER);
  const users = [];
  for (let i = 0; i < people; i++)
    users.push({ id: ids.next(), username: `person_${i}`, name: `Person ${i}` });
  const apps = ["conn", "sdk", "other"].map((name) => ({ id: ids.next(), name, token: tokenOf(name) }));
  const guilds = [];
  const channels = [];
  const members = [];
  const installs = [];
  for (let g = 0; g < servers; g++) {
    const owner = users[(g * MEMBERS_PER_SERVER) % people];
    const guild = { id: ids.next(), name: `Server ${g}`, owner_id: owner.id };
    guilds.push(guild);
    for (let c = 0; c < CHANNELS_PER_SERVER; c++)
      channels.push({ id: ids.next(), guild_id: guild.id, name: `channel-${c}`, position: c });
    for (let m = 0; m < MEMBERS_PER_SERVER; m++)
      members.push({ guild_id: guild.id, user_id: users[(g * MEMBERS_PER_SERVER + m) % people].id });
    for (const app of g === 0 ? apps : apps.slice(0, 2)) {
      installs.push({
        guild_id: guild.id,
        application_id: app.id,
        scopes: ["messages.read", "messages.send", "message_content"],
        intents: ALL_INTENTS,
        permissions: BOT_PERMISSIONS,
      });
    }
  }
  return {
    seed: { users, apps, guilds, channels, members, installs },
    apps: Object.fromEntries(apps.map((a) => [a.name, { id: a.id, token: a.token }])),
    guildIds: guilds.map((g) => g.id),
    channelIds: channels.map((c) => c.id),
    ownerId: users[0].id,
  };
}

/**
 * One server with one channel, a person, and the apps `hist` (Read message history), `nohist`
 * (without it) and `members` (privileged, `members.read`): the world the messages, members and
 * users axes grow in.
 */
export function oneServerWorld() {
  const ids = new PastIds(90);
  const person = { id: ids.next(), username: "speaker", name: "Speaker" };
  const apps = ["hist", "nohist", "members"].map((name) => ({
    id: ids.next(),
    name,
    token: tokenOf(name),
    bot_user_id: ids.next(),
    privileged_intents: name === "members" ? ["guild_members"] : [],
  }));
  const bots = apps.map((app) => ({ id: app.bot_user_id, username: `app_${app.name}`, bot: true }));
  const guild = { id: ids.next(), name: "Big server", owner_id: person.id };
  // The everyone role holds Read message history; the `nohist` bot is denied it in the channel.
  const nohist = apps[1].bot_user_id;
  const channel = {
    id: ids.next(),
    guild_id: guild.id,
    name: "general",
    overwrites: [{ id: nohist, type: "member", allow: [], deny: ["read_message_history"] }],
  };
  const installs = apps.map((app) => ({
    guild_id: guild.id,
    application_id: app.id,
    scopes: app.name === "members" ? ["members.read"] : ["messages.read", "messages.send", "message_content"],
    intents: app.name === "members" ? ["guilds", "guild_members"] : ALL_INTENTS,
    permissions: app.name === "nohist" ? ["view_channels", "send_messages"] : BOT_PERMISSIONS,
  }));
  return {
    seed: { users: [person, ...bots], apps, guilds: [guild], channels: [channel], installs },
    apps: Object.fromEntries(apps.map((a) => [a.name, { id: a.id, token: a.token }])),
    guildId: guild.id,
    channelId: channel.id,
    personId: person.id,
  };
}

/** A stored message row (the server's `MessageRecord`) of `author` in `channel`. */
export function messageRow(id, channelId, guildId, authorId, createdAt, content) {
  return {
    id,
    channel_id: channelId,
    guild_id: guildId,
    author_id: authorId,
    content,
    embeds: [],
    attachments: [],
    poll: null,
    mentions: { users: [], roles: [], everyone: false },
    reactions: [],
    reply_to: null,
    interaction: null,
    pinned: false,
    created_at: createdAt,
    edited_at: null,
    nonce: null,
    nonce_digest: null,
  };
}
