import { addRoute, createRouter, findRoute } from "rou3";
import type { HttpMethod } from "./http-method.js";
import type { JsonRoute } from "./route.js";

/** A route found for a request: its path params (decoded) and its query string's values. */
export interface FoundRoute {
  readonly route: JsonRoute;
  readonly params: Record<string, string | undefined>;
  /** A key given more than once holds all its values, in order. */
  readonly searchParams: Record<string, string>;
}

/** Longer path params than this are no match (as find-my-way's `maxParamLength` was). */
const MAX_PARAM_LENGTH = 500;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // Malformed escapes stay as sent: the snowflake check or the handler refuses them.
    return value;
  }
}

function queryValues(query: string): Record<string, string> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const before = values[key];
    if (before === undefined) values[key] = value;
    else values[key] = Array.isArray(before) ? [...before, value] : [before, value];
  }
  // A repeated key's array fails the route's query schema, which names the key.
  return values as Record<string, string>;
}

/**
 * The JSON routes by method and path, in a rou3 radix tree: static segments before `:name` params,
 * a path with a trailing or doubled `/` matches nothing.
 */
export class RouteTable {
  readonly #router = createRouter<JsonRoute>();

  add(route: JsonRoute): void {
    addRoute(this.#router, route.method, route.path, route);
  }

  /** The route of `method` and `url` (path and query string), or `null`. */
  find(method: HttpMethod, url: string): FoundRoute | null {
    const mark = url.indexOf("?");
    const path = mark === -1 ? url : url.slice(0, mark);
    if (path.length > 1 && path.endsWith("/")) return null;
    const found = findRoute(this.#router, method, path);
    if (!found) return null;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(found.params ?? {})) {
      if (value.length > MAX_PARAM_LENGTH) return null;
      params[name] = decoded(value);
    }
    return {
      route: found.data,
      params,
      searchParams: mark === -1 ? {} : queryValues(url.slice(mark + 1)),
    };
  }
}
