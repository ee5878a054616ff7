/**
 * An incoming webhook of one text channel. Only a SHA-256 of the URL's secret is kept. The maker is
 * the person who made the current URL; a webhook posts only as far as its maker could.
 */
export interface WebhookRecord {
  readonly id: string;
  readonly guild_id: string;
  readonly channel_id: string;
  readonly name: string;
  readonly avatar_id: string | null;
  /** The person who made the current URL. */
  readonly maker_id: string;
  /** Hex SHA-256 of the URL's secret. */
  readonly secret_hash: string;
  /**
   * Set when the maker left the server: the webhook stays paused (`maker_left`) until someone makes
   * a new URL, even if the maker comes back.
   */
  readonly maker_left: boolean;
  readonly created_at: number;
}
