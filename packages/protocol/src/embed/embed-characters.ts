/** The text parts of an embed that count toward the 6,000-character total of a message. */
export interface EmbedText {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly fields?: readonly { readonly name: string; readonly value: string }[] | undefined;
  readonly footer?: { readonly text: string } | undefined;
  readonly author?: { readonly name: string } | undefined;
}

/**
 * The embed characters of a message: title, description, field names and values, footer text and
 * author name of every embed, in UTF-16 code units (`string.length`).
 */
export function countEmbedCharacters(embeds: readonly EmbedText[]): number {
  let total = 0;
  for (const embed of embeds) {
    total += (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
    total += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
    for (const field of embed.fields ?? []) total += field.name.length + field.value.length;
  }
  return total;
}
