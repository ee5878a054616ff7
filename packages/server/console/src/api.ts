/**
 * The dev API as the console calls it: the typed {@link DevClient} of `@chatbot/protocol/dev`, same
 * origin, the person in `X-Dev-User`, and the dev key, when the server needs one, in
 * `Authorization: Dev <key>`.
 */
import type { CommandOption, Message, User } from "@chatbot/protocol";
import { DEV_ROUTES, DevApiError, DevClient, type DevRouteName } from "@chatbot/protocol/dev";

/** The wire objects and the dev API's views, as the protocol package defines them. */
export type { CommandOption, Message, User };
export type {
  DevChannelView as ChannelView,
  DevCommandView as Command,
  DevGuildView as GuildView,
  Explanation,
  InspectorRecord,
  InteractionView,
} from "@chatbot/protocol/dev";

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

/** The dev API's client for this page: same origin, with the dev key when the page has one. */
export const dev = new DevClient({ baseUrl: "", headers: devKeyHeaders });

/** Each route of the table as a pattern of its paths, with its parameter names. */
const PATTERNS = Object.entries(DEV_ROUTES).map(([name, route]) => {
  const names: string[] = [];
  const source = route.path.replace(/:([a-z_]+)/g, (_, param: string) => {
    names.push(param);
    return "([^/]+)";
  });
  return { name: name as DevRouteName, method: route.method, regex: new RegExp(`^${source}$`), names };
});

/** The route of the table `method path` calls, with its path parameters. */
function routeOf(method: string, path: string): { name: DevRouteName; params: Record<string, string> } {
  for (const pattern of PATTERNS) {
    const match = pattern.method === method ? pattern.regex.exec(path) : null;
    if (!match) continue;
    const params = Object.fromEntries(pattern.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
    return { name: pattern.name, params };
  }
  throw new Error(`${method} ${path} is not a route of the dev API`);
}

/**
 * Calls `method path` (a route of the table, with its query) through {@link dev}; `as` is the
 * acting person. Answers the parsed body; a refusal throws {@link ApiFailure}.
 */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; as?: string | null } = {},
): Promise<T> {
  const [pathname = "", search = ""] = path.split("?", 2);
  const { name, params } = routeOf(method, pathname);
  const call = {
    params,
    query: Object.fromEntries(new URLSearchParams(search)),
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.as ? { as: options.as } : {}),
  };
  try {
    return (await dev.call(name, call as never)) as T;
  } catch (error) {
    if (!(error instanceof DevApiError)) throw error;
    const body = (error.body ?? {}) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiFailure(
      error.status,
      error.apiCode,
      body.message ?? `status ${error.status}`,
      body.errors ?? {},
    );
  }
}

/** What a failure says, for a line of text next to a form. */
export function describe(error: unknown): string {
  if (error instanceof ApiFailure) return error.lines.join("; ");
  return error instanceof Error ? error.message : String(error);
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
