import {
  isSnowflakeString,
  type WebhookExecuteBody,
  WebhookExecuteBodySchema,
  type WebhookInfo,
  type WebhookPostResult,
} from "@chatbot/protocol";
import type { InferInput } from "valibot";
import type { RequestOptions, RestClientOptions } from "./request/request-options.js";
import { Requester } from "./request/requester.js";
import { requesterConfig, trimBase } from "./request/requester-config.js";
import { checkBody } from "./routes/checks.js";

/** A webhook post as the caller writes it. */
export type WebhookExecuteInput = InferInput<typeof WebhookExecuteBodySchema>;

/** Options of {@link WebhookClient.execute}. */
export interface WebhookExecuteOptions extends RequestOptions {
  /** `true` waits for the post and returns it (`?wait=true`); default `false`. */
  wait?: boolean;
}

/** Options of the {@link WebhookClient}: the REST client's, without the token and base URL. */
export type WebhookClientOptions = Omit<RestClientOptions, "token" | "baseUrl" | "globalLimit">;

const WEBHOOK_PATH = /^(.*)\/api\/webhooks\/([^/]+)\/([^/?#]+)\/?$/;

/**
 * Posts through an incoming webhook, from its secret URL alone (no bot token): `execute` and
 * `get`. Posts of one webhook are sent one at a time, in order, waiting out its rate limit (5 per
 * 2 s by default). Errors name the path with the secret hidden.
 *
 * @example
 * const hook = new WebhookClient("http://127.0.0.1:8787/api/webhooks/123/secret");
 * await hook.execute({ content: "Deploy finished" });
 */
export class WebhookClient {
  /** The webhook's id, from the URL. */
  readonly id: string;
  private readonly requester: Requester;

  constructor(url: string, options: WebhookClientOptions = {}) {
    const match = WEBHOOK_PATH.exec(trimBase(url.split("?")[0] ?? url));
    if (!match || !isSnowflakeString(match[2] ?? "")) {
      throw new TypeError("WebhookClient: url must be a webhook URL, {base_url}/api/webhooks/{id}/{secret}");
    }
    const [, base, id, secret] = match as unknown as [string, string, string, string];
    this.id = id;
    this.requester = new Requester(
      requesterConfig(options, {
        baseUrl: `${base}/api/webhooks/${id}/${secret}`,
        shownBase: `/api/webhooks/${id}/<secret>`,
        headers: { ...options.headers },
        // Webhooks have no global limit, only their own bucket.
        globalLimit: Infinity,
      }),
    );
  }

  /** Posts a message; with `wait: true` resolves with the post result, else with `undefined`. */
  execute(
    body: WebhookExecuteInput,
    options: WebhookExecuteOptions & { wait: true },
  ): Promise<WebhookPostResult>;
  execute(body: WebhookExecuteInput, options?: WebhookExecuteOptions): Promise<WebhookPostResult | undefined>;
  async execute(
    body: WebhookExecuteInput,
    options: WebhookExecuteOptions = {},
  ): Promise<WebhookPostResult | undefined> {
    const checked: WebhookExecuteBody = checkBody(WebhookExecuteBodySchema, body);
    const { wait, ...request } = options;
    const result = await this.requester.request<WebhookPostResult | undefined>({
      method: "POST",
      path: "",
      query: wait === undefined ? undefined : { wait },
      body: checked,
      bucket: "execute",
      options: request,
    });
    return result.data;
  }

  /** Closes the client's connections. */
  close(): Promise<void> {
    return this.requester.close();
  }

  /** The webhook's id, name, channel and server (never its secret or maker). */
  async get(options?: RequestOptions): Promise<WebhookInfo> {
    return (await this.requester.request<WebhookInfo>({ method: "GET", path: "", retry: true, options }))
      .data;
  }
}
