import { hash } from "node:crypto";
import type { Intent } from "@chatbot/protocol";
import { effectiveIntents } from "../kernel/permissions/effective.js";
import type { AppRecord, InstallRecord } from "../kernel/world/records.js";

/**
 * A short digest of a `GUILD_CREATE` / `GUILD_UPDATE` payload's JSON text as sent, to tell whether
 * a later one changed: 28 characters kept per server instead of the text. Only equality matters,
 * so any 160-bit hash would do; a one-shot SHA-1 costs about a tenth of encoding the payload.
 */
export function snapshotDigest(json: string): string {
  return hash("sha1", json, "base64");
}

/**
 * What the event projection remembers about one server on one connection, from the `GUILD_CREATE`
 * that introduced it: the channels the bot sees (so a change that shows or hides one becomes
 * `CHANNEL_CREATE` / `CHANNEL_DELETE`) and the digest of the last snapshot sent (a `GUILD_UPDATE`
 * that would repeat it is not sent).
 */
export class GuildState {
  /** Ids of the channels the bot sees, as of the last change projected. */
  readonly visible: Set<string>;
  /**
   * Digest of the last `GUILD_CREATE` / `GUILD_UPDATE` payload sent for this server, while it is
   * still what the bot knows of it; `null` once a channel event told it otherwise.
   */
  snapshot: string | null;
  #memo: { app: AppRecord; install: InstallRecord; intents: readonly Intent[] } | null = null;

  constructor(payloadJson: string, channelIds: Iterable<string>) {
    this.visible = new Set(channelIds);
    this.snapshot = snapshotDigest(payloadJson);
  }

  /**
   * A `CHANNEL_CREATE` or `CHANNEL_DELETE` went out: the bot's channels, and the categories holding
   * one it sees, are no longer the last snapshot's, so the next `GUILD_UPDATE` goes out even when
   * the server's snapshot is back as it was (a channel hidden and shown again within one window).
   */
  channelShownOrHidden(): void {
    this.snapshot = null;
  }

  /**
   * The intents the connection receives in this server: those it requested within the install's
   * effective grant (privileged ones only with privileged access), in the grant's order. Records
   * are replaced on every change, so the result is kept while the app and install stay the same.
   */
  intents(app: AppRecord, install: InstallRecord, requested: readonly Intent[]): readonly Intent[] {
    const memo = this.#memo;
    if (memo && memo.app === app && memo.install === install) return memo.intents;
    const intents = effectiveIntents(app, install).filter((intent) => requested.includes(intent));
    this.#memo = { app, install, intents };
    return intents;
  }
}

/** The servers a connection has had a `GUILD_CREATE` for (and no `GUILD_DELETE` since). */
export class ConnectionState {
  readonly guilds = new Map<string, GuildState>();
}
