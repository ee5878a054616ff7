import type { InspectorRecord, InteractionView } from "@chatbot/protocol/dev";
import type { ChannelKind, Message } from "@chatbot/protocol";
import { serializeInteractionView } from "../features/interactions/interaction-serializer.js";
import { serializeMessage } from "../features/messages/message-serializer.js";
import type { Gateway } from "../gateway/gateway.js";
import type { Inspector } from "../inspector/inspector.js";
import type { Kernel } from "../kernel/kernel.js";
import type { MessageRecord, UserRecord } from "../kernel/world/records.js";
import { pairKey } from "../kernel/world/world.js";

/** A message as it was posted, for {@link ServerObserver.onMessagePosted}. */
export interface PostedMessage {
  readonly id: string;
  readonly channel_id: string;
  readonly author_id: string;
  /** The message as a person with full view sees it, serialized when asked. */
  view(): Message;
}

/** A person or bot account, by the names a test's messages use. */
export interface ObservedUser {
  readonly id: string;
  readonly username: string;
  readonly name: string;
  readonly bot: boolean;
}

/**
 * Who and where, in the order the world holds them (the order it was seeded and made in): its
 * servers, channels, roles, people and bots, and apps, by id and name. No messages.
 */
export interface WorldSummary {
  readonly guilds: readonly { readonly id: string; readonly name: string }[];
  readonly channels: readonly {
    readonly id: string;
    readonly guild_id: string;
    readonly name: string;
    readonly kind: ChannelKind;
    readonly position: number;
  }[];
  readonly roles: readonly {
    readonly id: string;
    readonly guild_id: string;
    readonly name: string;
    /** An app's own role, made by its install. */
    readonly managed: boolean;
    /** The server's everyone role. */
    readonly default: boolean;
  }[];
  readonly users: readonly ObservedUser[];
  readonly apps: readonly { readonly id: string; readonly name: string; readonly bot_user_id: string }[];
}

/**
 * What a tool in the same process may watch of a running server beyond the wire (`server.observe`):
 * waits woken by commits instead of polling, and reads that cost what their answer costs. Every
 * read answers what the dev API would (the same views), without a round trip; nothing here writes.
 * `@chatbot/testing` stands on it.
 */
export interface ServerObserver {
  /** Calls `listener` after every committed transaction; returns the function that stops it. */
  afterCommit(listener: () => void): () => void;
  /** Calls `listener` with each message posted, in commit order; returns the function that stops it. */
  onMessagePosted(listener: (message: PostedMessage) => void): () => void;
  /** Who and where in the world now (see {@link WorldSummary}). */
  summary(): WorldSummary;
  /** A channel's name, or undefined when there is no such channel. */
  channelName(channelId: string): string | undefined;
  /** A user, or undefined. */
  user(userId: string): ObservedUser | undefined;
  /** The role ids of a member, or undefined when they are not a member of the server. */
  memberRoles(guildId: string, userId: string): readonly string[] | undefined;
  /** The names of an app's registered commands, global and per server. */
  commandNames(appId: string): ReadonlySet<string>;
  /** A slash command use as `GET /dev/v1/interactions/{id}` answers it, or undefined once dropped. */
  interaction(interactionId: string): InteractionView | undefined;
  /** Whether the app has an identified gateway connection now. */
  isConnected(appId: string): boolean;
  /** The inspector's newest seq (0 when it is off): a mark for {@link inspectorRecords}. */
  inspectorMark(): number;
  /** The inspector's records after `mark`, oldest first (none when it is off). */
  inspectorRecords(mark: number, limit: number): readonly InspectorRecord[];
}

/** The observation port of a server made of `kernel`, its gateway and its inspector. */
export function createServerObserver(
  kernel: Kernel,
  gateway: Gateway,
  inspector: Inspector | null,
): ServerObserver {
  const commitListeners = new Set<() => void>();
  let hooked = false;
  const tables = kernel.world.tables;
  const post = (record: MessageRecord): PostedMessage => ({
    id: record.id,
    channel_id: record.channel_id,
    author_id: record.author_id,
    view: () => serializeMessage(kernel.world, record, { userId: "0", contentAccess: true }),
  });
  return {
    afterCommit: (listener) => {
      if (!hooked) {
        hooked = true;
        // Hooked at the first listener, so a server nobody watches spends nothing on it.
        kernel.beforeCommit((tx) => {
          if (commitListeners.size > 0) tx.afterCommit(() => [...commitListeners].forEach((l) => l()));
        });
      }
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    onMessagePosted: (listener) =>
      kernel.subscribe((change) => {
        if (change.type === "MESSAGE_CREATE") listener(post(change.message));
      }),
    summary: () => summarize(kernel),
    channelName: (channelId) => tables.channels.get(channelId)?.name,
    user: (userId) => {
      const user = tables.users.get(userId);
      return user && observedUser(user);
    },
    memberRoles: (guildId, userId) => tables.members.get(pairKey(guildId, userId))?.roles,
    commandNames: (appId) => new Set([...tables.commands.by("app", appId).values()].map((c) => c.name)),
    interaction: (interactionId) => {
      const record = tables.interactions.get(interactionId);
      return record && serializeInteractionView(kernel, record);
    },
    isConnected: (appId) => gateway.connectionOf(appId) !== undefined,
    inspectorMark: () => inspector?.lastSeq ?? 0,
    inspectorRecords: (mark, limit) => inspector?.records({ after: mark, limit }) ?? [],
  };
}

function summarize(kernel: Kernel): WorldSummary {
  const t = kernel.world.tables;
  return {
    guilds: [...t.guilds.values()].map(({ id, name }) => ({ id, name })),
    channels: [...t.channels.values()].map(({ id, guild_id, name, kind, position }) => ({
      id,
      guild_id,
      name,
      kind,
      position,
    })),
    roles: [...t.roles.values()].map((r) => ({
      id: r.id,
      guild_id: r.guild_id,
      name: r.name,
      managed: r.managed,
      default: r.default,
    })),
    users: [...t.users.values()].map(observedUser),
    apps: [...t.apps.values()].map(({ id, name, bot_user_id }) => ({ id, name, bot_user_id })),
  };
}

function observedUser({ id, username, name, bot }: UserRecord): ObservedUser {
  return { id, username, name, bot };
}
