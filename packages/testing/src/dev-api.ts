import { DevApiError } from "./errors.js";

/** Who makes a dev API call: a person (`X-Dev-User`) or nobody (setup routes). */
export interface DevActor {
  readonly id: string;
  readonly username: string;
}

/**
 * A small client of the reference server's dev API (`/dev/v1`): JSON in and out, a refused call
 * throws {@link DevApiError} with the server's status and code.
 */
export class DevApi {
  constructor(readonly baseUrl: string) {}

  /** Calls `method path` as `actor`; answers the parsed body (undefined for `204`). */
  async call<T = unknown>(method: string, path: string, body?: unknown, actor?: DevActor): Promise<T> {
    const headers: Record<string, string> = {};
    if (actor) headers["x-dev-user"] = actor.id;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text === "" ? undefined : JSON.parse(text);
    if (!response.ok) throw new DevApiError(method, path, response.status, parsed, actor?.username ?? null);
    return parsed as T;
  }
}
