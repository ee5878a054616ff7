import {
  type DevAnswer,
  DevApiError as RefusedCall,
  type DevCallArgs,
  DevClient,
  type DevRouteName,
} from "@chatbot/protocol/dev";
import { DevApiError } from "./errors.js";

/**
 * The world's client of the dev API: the typed {@link DevClient} of `@chatbot/protocol/dev`, whose
 * refusals are rethrown as this package's {@link DevApiError} (a `TestingError`). It sends straight
 * on `fetch` (`transport: "fetch"`): the world's server is in this process and listens before the
 * first call, so ky's retry while a server starts has nothing to do, and its per-call objects
 * would make every person's action cost half as much again (`bench/compare.mjs testing-world`).
 */
export class DevApi {
  readonly client: DevClient;

  constructor(baseUrl: string) {
    this.client = new DevClient({ baseUrl, transport: "fetch" });
  }

  /** Calls route `name` of the dev API (see `DEV_ROUTES`); answers its typed answer. */
  async call<N extends DevRouteName>(name: N, ...args: DevCallArgs<N>): Promise<DevAnswer<N>> {
    try {
      return await this.client.call(name, ...args);
    } catch (error) {
      if (!(error instanceof RefusedCall)) throw error;
      throw new DevApiError(error.method, error.path, error.status, error.body, error.actor, {
        cause: error,
      });
    }
  }
}
