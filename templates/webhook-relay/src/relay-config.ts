import type { WebhookClient } from "@chatbot/framework";

/**
 * Where the bot relays: the incoming webhook it posts through (`/relay`), and the channel whose
 * messages it mirrors into another, by name. Read from the environment in `src/bot.ts`; tests give
 * their own.
 */
export class RelayConfig {
  constructor(
    /** An incoming webhook URL (`CHATBOT_WEBHOOK_URL`), or undefined when none is set. */
    readonly webhookUrl: string | undefined,
    /** The channel whose messages are mirrored (`CHATBOT_MIRROR_FROM`, default `announcements`). */
    readonly mirrorFrom: string,
    /** The channel they are mirrored into (`CHATBOT_MIRROR_TO`, default `mirror`). */
    readonly mirrorTo: string,
    /**
     * Options of the webhook's client: a test gives the world's clock, so the webhook's rate-limit
     * waits follow the clock the service counts its window on (the wall clock by default).
     */
    readonly webhookOptions: ConstructorParameters<typeof WebhookClient>[1] = {},
  ) {}

  static fromEnv(env: NodeJS.ProcessEnv = process.env): RelayConfig {
    return new RelayConfig(
      env.CHATBOT_WEBHOOK_URL || undefined,
      env.CHATBOT_MIRROR_FROM || "announcements",
      env.CHATBOT_MIRROR_TO || "mirror",
    );
  }
}
