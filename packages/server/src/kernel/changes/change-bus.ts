import type { ChangeDraft, ChangeListener, ServerChange } from "./server-change.js";

/** A draft being numbered in place. */
type Numbered = ServerChange & { seq: number; at: number };

/**
 * Numbers committed changes per server and hands them to every listener, synchronously and in
 * commit order. A listener that throws does not stop the others nor undo the commit.
 */
export class ChangeBus {
  private readonly listeners = new Set<ChangeListener>();
  private readonly seqs = new Map<string, number>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Numbers `drafts` (committed at `at`) and delivers them in order. Each draft becomes its change
   * in place (`seq` and `at` are added to it, after its own keys, as a copy would have them): a
   * draft belongs to its transaction once emitted, and copying every draft was a measurable part of
   * every write.
   */
  publish(drafts: readonly ChangeDraft[], at: number): void {
    for (const draft of drafts) {
      const seq = (this.seqs.get(draft.guildId) ?? 0) + 1;
      this.seqs.set(draft.guildId, seq);
      const change = draft as Numbered;
      change.seq = seq;
      change.at = at;
      for (const listener of this.listeners) {
        try {
          listener(change);
        } catch (error) {
          this.onListenerError(error);
        }
      }
    }
  }

  /** Forgets every server's sequence (after a reset). */
  resetSequences(): void {
    this.seqs.clear();
  }
}
