import type { ComponentChildren } from "preact";

/** One panel of the world editor: a titled section. */
export function Panel({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="panel" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}
