import { DEV_ROUTES, type DevRouteName, type DevRoutes } from "../routes/dev-routes.js";
import type {
  AnswerOf,
  BodyOf,
  DevQueryValue,
  DevRouteSpec,
  PathParamNames,
  PathParams,
  QueryOf,
} from "../routes/dev-route.js";
import { DevApiError } from "./dev-api-error.js";

/** Who acts in a call (`X-Dev-User`): a user id, or a person with a name for error messages. */
export type DevActor = string | { readonly id: string; readonly username?: string };

/** What a call of route `N` takes: its path parameters, body and query, and who acts. */
export type DevCallOptions<N extends DevRouteName> = ([PathParamNames<DevRoutes[N]["path"]>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: PathParams<DevRoutes[N]["path"]> }) &
  (BodyOf<DevRoutes[N]> extends undefined
    ? { readonly body?: undefined }
    : { readonly body: BodyOf<DevRoutes[N]> }) & {
    readonly query?: QueryOf<DevRoutes[N]>;
    readonly as?: DevActor;
  };

/** The arguments after the route name: optional when the route needs none. */
export type DevCallArgs<N extends DevRouteName> =
  Record<never, never> extends DevCallOptions<N>
    ? [options?: DevCallOptions<N>]
    : [options: DevCallOptions<N>];

/** The answer of route `N`. */
export type DevAnswer<N extends DevRouteName> = AnswerOf<DevRoutes[N]>;

/** Options of a {@link DevClient}. */
export interface DevClientOptions {
  /** The server, `http://127.0.0.1:8787`; `""` for the page's own origin (the console). */
  readonly baseUrl: string;
  /** Headers sent with every call, read at each call (the dev key: `Authorization: Dev <key>`). */
  readonly headers?: () => Record<string, string>;
  /** The fetch to use; default the global one. */
  readonly fetch?: typeof fetch;
}

/** `/guilds/:guild_id` with `{ guild_id: "1" }` → `/guilds/1` (each value URL-encoded). */
export function fillPath(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${template}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

function queryString(query: Readonly<Record<string, DevQueryValue>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * The typed client of the dev API (`/dev/v1`), over `fetch` (it runs in Node and in the browser).
 * Each call names a route of {@link DEV_ROUTES}; its parameters, body and answer are typed from the
 * table. A refused call throws {@link DevApiError} naming the route, the status and the server's
 * error body.
 *
 * ```ts
 * const dev = new DevClient({ baseUrl: server.baseUrl });
 * const alice = await dev.call("createUser", { body: { username: "alice" } });
 * ```
 */
export class DevClient {
  readonly #options: DevClientOptions;

  constructor(options: DevClientOptions) {
    this.#options = options;
  }

  /** The server this client calls. */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /** Calls route `name`; answers its parsed answer (`undefined` for `204`). */
  call<N extends DevRouteName>(name: N, ...[options]: DevCallArgs<N>): Promise<DevAnswer<N>> {
    const spec: DevRouteSpec = DEV_ROUTES[name];
    const given = (options ?? {}) as {
      params?: Record<string, string>;
      body?: unknown;
      query?: Record<string, DevQueryValue>;
      as?: DevActor;
    };
    const path = fillPath(spec.path, given.params) + queryString(given.query);
    return this.#send(name, spec, path, given.body, given.as) as Promise<DevAnswer<N>>;
  }

  async #send(
    name: string,
    spec: DevRouteSpec,
    path: string,
    body: unknown,
    actor: DevActor | undefined,
  ): Promise<unknown> {
    const headers: Record<string, string> = { ...this.#options.headers?.() };
    if (actor !== undefined) headers["x-dev-user"] = typeof actor === "string" ? actor : actor.id;
    const hasBody = body !== undefined && spec.body !== undefined;
    if (hasBody) headers["content-type"] = "application/json";
    const send = this.#options.fetch ?? fetch;
    const response = await send(this.#options.baseUrl + path, {
      method: spec.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const parsed: unknown = text === "" ? undefined : parseJson(text);
    if (!response.ok) {
      const who =
        actor === undefined ? null : typeof actor === "string" ? actor : (actor.username ?? actor.id);
      throw new DevApiError(name, spec.method, path, response.status, parsed, who);
    }
    return parsed;
  }
}

/** The body as JSON, or the text itself when it is not JSON (a proxy's error page). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
