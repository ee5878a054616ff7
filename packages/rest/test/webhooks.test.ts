import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, ValidationError, WebhookClient } from "../src/index.js";
import { startWorld, type TestWorld } from "./world.js";

let world: TestWorld;
let hook: WebhookClient;
let webhookId: string;
let url: string;

beforeAll(async () => {
  world = await startWorld();
  const made = await world.dev<{ webhook: { id: string }; url: string }>(
    "POST",
    `/channels/${world.channelId}/webhooks`,
    { name: "Deploys" },
    world.ownerId,
  );
  webhookId = made.webhook.id;
  url = made.url;
  hook = new WebhookClient(url);
});
afterAll(() => world.close());

describe("WebhookClient", () => {
  it("posts without waiting, and with wait returns the post result", async () => {
    expect(await hook.execute({ content: "quietly" })).toBeUndefined();
    const posted = await hook.execute({ content: "deployed", username: "CI" }, { wait: true });
    expect(posted).toMatchObject({ content: "deployed", channel_id: world.channelId, webhook_id: webhookId });
    expect(posted.author).toMatchObject({ username: "CI", bot: true });
    const history = await world.dev<Array<{ content: string }>>(
      "GET",
      `/channels/${world.channelId}/messages?limit=2`,
      undefined,
      world.ownerId,
    );
    expect(history.map((m) => m.content)).toEqual(["deployed", "quietly"]);
  });

  it("reads the webhook's public info", async () => {
    expect(await hook.get()).toEqual({
      id: webhookId,
      name: "Deploys",
      channel_id: world.channelId,
      guild_id: world.guildId,
      avatar_id: null,
    });
  });

  it("answers a wrong secret with 10015 (404), hiding the secret in the error", async () => {
    const wrong = new WebhookClient(url.replace(/\/[^/]+$/, "/not-the-secret"));
    const error = await wrong.execute({ content: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 10015, path: `/api/webhooks/${webhookId}/<secret>` });
    expect((error as Error).message).not.toContain("not-the-secret");
  });

  it("refuses a bad body before sending and a URL that is not a webhook's", async () => {
    const error = await hook.execute({ content: "x".repeat(2_001) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).errors)).toEqual(["content"]);
    expect(() => new WebhookClient(`${world.baseUrl}/v1/users/@me`)).toThrow(/webhook URL/);
  });
});
