import { useCallback, useEffect, useState } from "preact/hooks";
import { api, type InteractionView } from "../../api";
import type { Live } from "../../live";

/** A slash command use the person made from this page, until it is answered. */
export interface Pending {
  id: string;
  name: string;
  app: string;
  state: InteractionView["state"];
  notice: string | null;
}

/**
 * The command uses made from the pane and not answered yet: the state of each is read again on
 * every change and twice a second; `onAnswered` runs when one was answered (its answer is a message).
 */
export function usePending(live: Live, onAnswered: () => void) {
  const [pending, setPending] = useState<Pending[]>([]);
  const refreshPending = useCallback(async () => {
    const open = pending.filter((p) => p.state === "delivered" || p.state === "thinking");
    if (open.length === 0) return;
    const views = await Promise.all(
      open.map((p) => api<InteractionView>("GET", `/dev/v1/interactions/${p.id}`).catch(() => null)),
    );
    setPending((list) =>
      list
        .map((p) => {
          const view = views.find((v) => v?.id === p.id);
          return view ? { ...p, state: view.state, notice: view.notice } : p;
        })
        .filter((p) => p.state !== "answered"),
    );
    if (views.some((v) => v?.state === "answered")) onAnswered();
  }, [pending]);
  useEffect(() => {
    void refreshPending();
  }, [live.version, live.interactions]);
  useEffect(() => {
    if (!pending.some((p) => p.state === "delivered" || p.state === "thinking")) return;
    const timer = setInterval(() => void refreshPending(), 500);
    return () => clearInterval(timer);
  }, [pending, refreshPending]);
  return { pending, setPending };
}
