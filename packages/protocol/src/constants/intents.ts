/** Gateway intents of the interface and the events each one gates. */
export const INTENTS = [
  "guilds",
  "guild_messages",
  "message_content",
  "guild_reactions",
  "guild_members",
  "guild_moderation",
  "guild_expressions",
] as const;

/** A gateway intent name. */
export type Intent = (typeof INTENTS)[number];

/** Intents that count only where the app has privileged access (docs/decisions.md#shapes-left-open). */
export const PRIVILEGED_INTENTS: readonly Intent[] = ["guild_members"];

/** Events sent whatever intents a connection asked for. */
export const ALWAYS_SENT_EVENTS = ["READY", "GUILD_CREATE", "GUILD_DELETE", "INTERACTION_CREATE"] as const;

/**
 * The events each intent gates ("Events by intent"). `message_content` gates no event of its own:
 * it fills in text, embeds, attachments and poll of message events. `guild_moderation` also gates
 * timeouts inside member events.
 */
export const INTENT_EVENTS = {
  guilds: [
    "GUILD_UPDATE",
    "GUILD_ROLE_CREATE",
    "GUILD_ROLE_UPDATE",
    "GUILD_ROLE_DELETE",
    "CHANNEL_CREATE",
    "CHANNEL_UPDATE",
    "CHANNEL_DELETE",
  ],
  guild_messages: ["MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE", "MESSAGE_DELETE_BULK"],
  message_content: [],
  guild_reactions: ["MESSAGE_REACTION_ADD", "MESSAGE_REACTION_REMOVE"],
  guild_members: ["GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE"],
  guild_moderation: ["GUILD_BAN_ADD", "GUILD_BAN_REMOVE", "GUILD_AUDIT_LOG_ENTRY_CREATE"],
  guild_expressions: ["GUILD_EMOJIS_UPDATE"],
} as const satisfies Record<Intent, readonly string[]>;

/** Every gateway event name. */
export type GatewayEventName =
  (typeof ALWAYS_SENT_EVENTS)[number] | (typeof INTENT_EVENTS)[keyof typeof INTENT_EVENTS][number];

/** Every gateway event name: the always-sent ones, then each intent's events. */
export const GATEWAY_EVENT_NAMES: readonly GatewayEventName[] = [
  ...ALWAYS_SENT_EVENTS,
  ...Object.values(INTENT_EVENTS).flat(),
];

/** Whether `name` is a gateway event name. */
export function isGatewayEventName(name: string): name is GatewayEventName {
  return (GATEWAY_EVENT_NAMES as readonly string[]).includes(name);
}

const EVENT_INTENT = new Map<string, Intent>(
  Object.entries(INTENT_EVENTS).flatMap(([intent, events]) =>
    events.map((event) => [event, intent as Intent] as const),
  ),
);

/** The intent that gates `event`, or `null` for an event that is always sent. */
export function intentForEvent(event: GatewayEventName): Intent | null {
  return EVENT_INTENT.get(event) ?? null;
}

/** Whether `name` is an intent name the service knows (an unknown one closes with `4013`). */
export function isIntent(name: string): name is Intent {
  return (INTENTS as readonly string[]).includes(name);
}
