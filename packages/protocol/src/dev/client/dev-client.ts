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
import { type DevSender, fetchSender, kySender, parseJson } from "./dev-senders.js";

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
  /** The fetch to use; default the global one. On ky it is handed a `Request`. */
  readonly fetch?: typeof fetch;
  /**
   * Milliseconds each attempt may wait for its answer before the call fails with
   * {@link DevApiTimeoutError}; default 10 000, `false` for no limit. Only with `transport: "ky"`.
   */
  readonly timeout?: number | false;
  /**
   * Times a call is sent again when the connection is refused (a server still starting), waiting
   * 300 ms, then 600 ms, then 1 s between tries; default 5. No other failure is retried. Only with
   * `transport: "ky"`.
   */
  readonly startRetries?: number;
  /**
   * `"ky"` (the default): each call on ky, with the `timeout` and `startRetries` above. `"fetch"`:
   * straight on `fetch`, with neither and without ky's per-call objects (a `Request`, its clone for
   * retries, `Headers`, an `AbortController`), which cost as much CPU as the call itself: what
   * `@chatbot/testing` uses, whose server runs in the test's process and listens before the first
   * call. An error answer throws {@link DevApiError} either way.
   */
  readonly transport?: "ky" | "fetch";
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

/** Refuses a `timeout` or `startRetries` ky could not use, naming the option and the rule. */
function checkOptions({ timeout, startRetries }: DevClientOptions): void {
  if (
    timeout !== undefined &&
    timeout !== false &&
    !(Number.isInteger(timeout) && timeout >= 1 && timeout <= 2_147_483_647)
  )
    throw new RangeError(
      `DevClient: timeout must be false or a whole number of ms from 1 to 2147483647, not ${timeout}`,
    );
  if (startRetries !== undefined && !(Number.isInteger(startRetries) && startRetries >= 0))
    throw new RangeError(`DevClient: startRetries must be a whole number from 0, not ${startRetries}`);
}

/**
 * The typed client of the dev API (`/dev/v1`), on ky over `fetch` (it runs in Node and in the
 * browser). Each call names a route of {@link DEV_ROUTES}; its parameters, body and answer are typed
 * from the table. A refused call throws {@link DevApiError} naming the route, the status and the
 * server's error body; a call with no answer in time throws {@link DevApiTimeoutError}; a refused
 * connection is tried again a few times (`startRetries`), then fails with ky's `NetworkError`,
 * whose `cause` is fetch's error.
 *
 * ```ts
 * const dev = new DevClient({ baseUrl: server.baseUrl });
 * const alice = await dev.call("createUser", { body: { username: "alice" } });
 * ```
 */
export class DevClient {
  readonly #options: DevClientOptions;
  readonly #send: DevSender;

  constructor(options: DevClientOptions) {
    checkOptions(options);
    this.#options = options;
    this.#send =
      options.transport === "fetch"
        ? fetchSender(options.fetch)
        : kySender({
            fetch: options.fetch,
            timeout: options.timeout ?? 10_000,
            startRetries: options.startRetries ?? 5,
          });
  }

  /** The server this client calls. */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /** Calls route `name`; answers its parsed answer (`undefined` for `204`). */
  async call<N extends DevRouteName>(name: N, ...[options]: DevCallArgs<N>): Promise<DevAnswer<N>> {
    const spec: DevRouteSpec = DEV_ROUTES[name];
    const given = (options ?? {}) as {
      params?: Record<string, string>;
      body?: unknown;
      query?: Record<string, DevQueryValue>;
      as?: DevActor;
    };
    const path = fillPath(spec.path, given.params) + queryString(given.query);
    const headers: Record<string, string> = { accept: "application/json", ...this.#options.headers?.() };
    const actor = given.as;
    if (actor !== undefined) headers["x-dev-user"] = typeof actor === "string" ? actor : actor.id;
    const text = await this.#send({
      route: name,
      method: spec.method,
      path,
      url: this.#options.baseUrl + path,
      headers,
      json: given.body !== undefined && spec.body !== undefined ? given.body : undefined,
      actor: actor === undefined ? null : typeof actor === "string" ? actor : (actor.username ?? actor.id),
    });
    return (text === "" ? undefined : parseJson(text)) as DevAnswer<N>;
  }
}
