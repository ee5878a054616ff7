/** An error beside what it is about, announced to screen readers; nothing when there is none. */
export function Alert({ text }: { text: string | null }) {
  return text ? (
    <p class="error" role="alert">
      {text}
    </p>
  ) : null;
}
