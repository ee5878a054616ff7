/**
 * The dev API as the console calls it: same origin, JSON, the person in `X-Dev-User`, and the dev
 * key, when the server needs one, in `Authorization: Dev <key>`.
 */
import type { CommandOption, Message, SlashCommand, User } from "@chatbot/protocol";

/** The wire objects, as the protocol package defines them. */
export type { CommandOption, Message, User };

/** An error answer of the dev API, as the page shows it. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }

  /** One line per bad field, for the forms: `name: is required`. */
  get lines(): string[] {
    const fields = Object.entries(this.errors).flatMap(([path, messages]) =>
      messages.map((m) => `${path}: ${m}`),
    );
    return fields.length > 0 ? fields : [`${this.message} (${this.code})`];
  }
}

const KEY_ITEM = "chatbot-console:dev-key";

/** The dev API's key (`--dev-key`), kept for this tab only; none on loopback, where none is needed. */
let devKey: string | null = (() => {
  try {
    return sessionStorage.getItem(KEY_ITEM);
  } catch {
    return null;
  }
})();

/** Sets the key the page sends with every call to the dev API (and keeps it for this tab). */
export function setDevKey(key: string): void {
  devKey = key;
  try {
    sessionStorage.setItem(KEY_ITEM, key);
  } catch {
    // The key still holds for this page.
  }
}

/** The header that carries the dev key, if the page has one. */
export function devKeyHeaders(): Record<string, string> {
  return devKey === null ? {} : { authorization: `Dev ${devKey}` };
}

/** Calls `method path` on the dev API; `as` is the acting person. Answers the parsed body. */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; as?: string | null } = {},
): Promise<T> {
  const headers = devKeyHeaders();
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.as) headers["x-dev-user"] = options.as;
  const res = await fetch(path, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  const body = text === "" ? undefined : (JSON.parse(text) as unknown);
  if (!res.ok) {
    const error = (body ?? {}) as { code?: unknown; message?: string; errors?: Record<string, string[]> };
    throw new ApiFailure(
      res.status,
      String(error.code ?? res.status),
      error.message ?? res.statusText,
      error.errors ?? {},
    );
  }
  return body as T;
}

/** What a failure says, for a line of text next to a form. */
export function describe(error: unknown): string {
  if (error instanceof ApiFailure) return error.lines.join("; ");
  return error instanceof Error ? error.message : String(error);
}

export interface ChannelView {
  id: string;
  name: string;
  kind: string;
  topic: string | null;
  category_id: string | null;
  position: number;
  slowmode_seconds: number;
  permissions: string[];
}

export interface GuildView {
  id: string;
  name: string;
  owner_id: string;
  permissions: string[];
  categories: { id: string; name: string; position: number }[];
  channels: ChannelView[];
}

/** A command a person can use in a channel (`GET /dev/v1/channels/{id}/commands`). */
export interface Command extends SlashCommand {
  app_name: string;
}

export interface InteractionView {
  id: string;
  state: "delivered" | "not_delivered" | "thinking" | "answered" | "unanswered";
  notice: string | null;
  messages: Message[];
}

export interface Explanation {
  summary: string;
  missing: { kind: string; name: string };
  guild_id: string | null;
  channel_id: string | null;
  steps: { source: string; effect: string; id: string | null; text: string }[];
}

export interface InspectorRecord {
  seq: number;
  time: number;
  kind: "rest" | "webhook" | "session" | "gateway" | "interaction";
  app_id: string | null;
  app_name: string | null;
  method?: string;
  path?: string;
  status?: number;
  duration_ms?: number;
  error?: { code: string | number; message: string } | null;
  explanation?: Explanation | null;
  session_id?: string | null;
  action?: string;
  close_code?: number | null;
  reason?: string | null;
  intents_requested?: string[];
  intents_granted?: string[];
  event?: string;
  sequence?: number;
  data?: unknown;
  truncated?: boolean;
  interaction_id?: string;
  command_name?: string;
  channel_id?: string;
  state?: string;
  notice?: string | null;
  webhook_id?: string | null;
}

/** The world as `GET /dev/v1/world` answers it (the parts the console reads). */
export interface World {
  users: User[];
  apps: { id: string; name: string; bot_user_id: string; enabled: boolean; privileged_intents: string[] }[];
  guilds: {
    id: string;
    name: string;
    owner_id: string;
    everyone_role_id: string;
    description?: string | null;
  }[];
  roles: {
    id: string;
    guild_id: string;
    name: string;
    permissions: string[];
    position: number;
    color?: number;
  }[];
  categories: { id: string; guild_id: string; name: string; position: number }[];
  channels: {
    id: string;
    guild_id: string;
    name: string;
    kind: string;
    topic: string | null;
    category_id: string | null;
    slowmode_seconds: number;
    position: number;
    overwrites: { id: string; type: "role" | "member"; allow: string[]; deny: string[] }[];
  }[];
  members: {
    guild_id: string;
    user_id: string;
    nickname: string | null;
    roles: string[];
    communication_disabled_until: number | null;
  }[];
  installs: {
    guild_id: string;
    application_id: string;
    scopes: string[];
    intents: string[];
    permissions: string[];
    role_id: string;
  }[];
  bans?: { guild_id: string; user_id: string; reason?: string | null }[];
  webhooks?: { id: string; guild_id: string; channel_id: string; name: string; maker_id?: string | null }[];
  automod_rules?: {
    id: string;
    guild_id: string;
    name: string;
    keywords: string[];
    exempt_webhooks?: boolean;
  }[];
}
