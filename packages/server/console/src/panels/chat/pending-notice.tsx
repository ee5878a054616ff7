import type { Pending } from "./use-pending";

/** Where a command use stands: sent, thinking, not answered (with a button to dismiss it). */
export function PendingNotice({ pending: p, onDismiss }: { pending: Pending; onDismiss: () => void }) {
  return (
    <div class={`notice ${p.state}`} role="status">
      <strong>/{p.name}</strong> {p.state === "delivered" && <span>sent to {p.app}…</span>}
      {p.state === "thinking" && <span>{p.app} is thinking…</span>}
      {p.notice === "app_did_not_respond" && <span>The app did not respond.</span>}
      {p.notice === "app_not_connected" && <span>The app is not connected.</span>}
      {(p.state === "unanswered" || p.state === "not_delivered") && (
        <button type="button" class="link" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
