import {
  type EventPayload,
  ignoreBots,
  Listener,
  On,
  RestClient,
  UseMiddleware,
  WorldView,
} from "@chatbot/framework";
import { RelayConfig } from "../relay-config.js";

/** The most characters a message holds (UTF-16 code units, as the service counts them). */
const MAX_CONTENT = 2_000;

/** The text, or its start ending in "…" when it is longer than `room` (never half an emoji). */
function fit(text: string, room: number): string {
  if (text.length <= room) return text;
  let cut = room - 1;
  if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? "")) cut--;
  return `${text.slice(0, cut)}…`;
}

/**
 * Mirrors what people post in one channel into another of the same server, after the author's
 * name: a message near the limit is cut to fit. Both channels are found by name in the bot's world
 * view at each message, so a channel renamed, deleted or made since (even while the bot was away)
 * counts at once; ids kept from the first message would post into a deleted channel.
 */
@Listener()
export class Mirror {
  constructor(
    private readonly rest: RestClient,
    private readonly config: RelayConfig,
    private readonly world: WorldView,
  ) {}

  @On("MESSAGE_CREATE")
  @UseMiddleware(ignoreBots())
  async mirror(message: EventPayload<"MESSAGE_CREATE">) {
    if (!message.guild_id || message.recovered) return;
    const channels = this.world.server(message.guild_id)?.channels;
    const from = channels?.byName(this.config.mirrorFrom);
    const to = channels?.byName(this.config.mirrorTo);
    if (message.channel_id !== from?.id || !to || message.content === "") return;
    const name = `**${message.author.name}**: `;
    await this.rest.createMessage(to.id, {
      content: name + fit(message.content, MAX_CONTENT - name.length),
      allowed_mentions: { parse: [] },
    });
  }
}
