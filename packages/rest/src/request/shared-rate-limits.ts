/**
 * Rate limits kept outside the process, shared by every process of one bot (for example in Redis,
 * as `@chatbot/cluster` does), so that all of them together stay inside the service's limits. The
 * client asks before each send and reports what each answer said; its own per-process limits still
 * apply on top.
 */
export interface SharedRateLimits {
  /**
   * Takes one call of `bucket` (the route's bucket, `message_create:<channel_id>`, or `null` for a
   * call with only the global limit) and of the bot's global limit: answers 0 when the call may go
   * now, or the milliseconds to wait before asking again.
   */
  take(bucket: string | null): Promise<number>;
  /** What an answer's `X-RateLimit-*` headers said of `bucket` (`global` for the global limit). */
  observe(bucket: string, state: { limit: number; remaining: number; resetAfterMs: number }): Promise<void>;
  /**
   * An answer to a call of `bucket` without `X-RateLimit-*` headers: the service set no limit on it
   * now (a server with rate limits off), so calls need not wait for one another's answers.
   */
  unlimited?(bucket: string): Promise<void>;
  /** A `429`: nothing of `bucket` (every call, for `global`) goes for `retryAfterMs`. */
  block(bucket: string, retryAfterMs: number): Promise<void>;
}
