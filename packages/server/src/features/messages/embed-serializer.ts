import type { WebhookEmbed } from "@chatbot/protocol";
import type { EmbedRecord } from "../../kernel/world/records.js";

/** A stored embed as sent (a fresh object). */
export function serializeEmbed(embed: EmbedRecord): WebhookEmbed {
  // Stored colors are numbers, so every stored embed has the webhook embed shape, which is one of
  // the two shapes a message embed may have.
  const out: WebhookEmbed = {};
  if (embed.title !== undefined) out.title = embed.title;
  if (embed.description !== undefined) out.description = embed.description;
  if (embed.url !== undefined) out.url = embed.url;
  if (embed.color !== undefined) out.color = embed.color;
  if (embed.fields !== undefined) out.fields = embed.fields.map((f) => ({ ...f }));
  if (embed.footer !== undefined) out.footer = { text: embed.footer.text };
  if (embed.author !== undefined) {
    out.author =
      embed.author.url === undefined
        ? { name: embed.author.name }
        : { name: embed.author.name, url: embed.author.url };
  }
  if (embed.timestamp !== undefined) out.timestamp = embed.timestamp;
  return out;
}
