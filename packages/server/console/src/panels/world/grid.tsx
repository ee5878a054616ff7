import type { ComponentChildren } from "preact";

/** A table of the world editor: its column heads (and an untitled last one for the buttons). */
export function Grid({ heads, children }: { heads: readonly string[]; children: ComponentChildren }) {
  return (
    <table class="grid">
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head}>{head}</th>
          ))}
          <th />
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
