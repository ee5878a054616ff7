import type { Message } from "../../api";
import { colorOf } from "./message-format";

/** A message's embeds: title, description, fields and footer, with the embed's colour on the left. */
export function MessageEmbeds({ embeds }: { embeds: Message["embeds"] }) {
  return (
    <>
      {embeds.map((embed, i) => (
        <div key={i} class="embed" style={{ borderLeftColor: colorOf(embed.color) }}>
          {embed.title && <div class="embed-title">{embed.title}</div>}
          {embed.description && <div class="embed-description">{embed.description}</div>}
          {embed.fields && embed.fields.length > 0 && (
            <dl class="embed-fields">
              {embed.fields.map((field, j) => (
                <div key={j} class={field.inline ? "field inline" : "field"}>
                  <dt>{field.name}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {embed.footer && <div class="embed-footer">{embed.footer.text}</div>}
        </div>
      ))}
    </>
  );
}
