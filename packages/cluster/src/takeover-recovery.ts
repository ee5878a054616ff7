import type { Message } from "@chatbot/protocol";
import type { RestClient } from "@chatbot/rest";

const PAGE = 100;
/** A channel's recovery reads at most this many messages (the newest are kept). */
const MAX_PER_CHANNEL = 1_000;

/** Compares two ids as the numbers they are (longer is newer; equal length compares as text). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What a new holder of the connection could not read back, for its logs. */
export interface TakeoverSkip {
  readonly channelId: string;
  readonly reason: "failed" | "history_hidden" | "limit_reached";
  readonly error?: unknown;
}

/**
 * What the connection missed while no process held it: for every channel the bot can read in every
 * server it is in (listed over REST, whatever its intents), the messages newer than the channel's
 * cursor kept in Redis, or, for a channel with none, newer than the newest message ever published
 * (ids grow with time across the whole service, so nothing older was missed). Oldest first.
 */
export async function readMissedMessages(
  rest: RestClient,
  cursors: Readonly<Record<string, string>>,
  skipped: (skip: TakeoverSkip) => void,
): Promise<Message[]> {
  const newestEver = cursors["*"];
  if (newestEver === undefined) return [];
  const guilds = await rest.getGuilds();
  const channels = (await Promise.all(guilds.map((g) => rest.getGuildChannels(g.id)))).flat();
  const readable = channels.filter(
    (c) => c.permissions.includes("view_channels") && c.permissions.includes("read_message_history"),
  );
  const found: Message[] = [];
  for (const channel of readable) {
    const from = cursors[channel.id] ?? newestEver;
    try {
      found.push(...(await readChannel(rest, channel.id, from, skipped)));
    } catch (error) {
      skipped({ channelId: channel.id, reason: "failed", error });
    }
  }
  return found.sort((a, b) => compareIds(a.id, b.id));
}

async function readChannel(
  rest: RestClient,
  channelId: string,
  from: string,
  skipped: (skip: TakeoverSkip) => void,
): Promise<Message[]> {
  const found: Message[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await rest.listMessages(
      channelId,
      before === undefined ? { limit: PAGE } : { limit: PAGE, before },
    );
    if (page.historyHidden) {
      skipped({ channelId, reason: "history_hidden" });
      return [];
    }
    const newer = page.filter((m) => compareIds(m.id, from) > 0);
    found.push(...newer);
    if (found.length >= MAX_PER_CHANNEL) {
      skipped({ channelId, reason: "limit_reached" });
      return found.slice(0, MAX_PER_CHANNEL);
    }
    if (page.length < PAGE || newer.length < page.length) return found;
    before = page.reduce((a, m) => (compareIds(m.id, a) < 0 ? m.id : a), page[0]!.id);
  }
}
