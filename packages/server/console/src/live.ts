import { useEffect, useRef, useState } from "preact/hooks";
import type { InspectorRecord } from "./api";

/** What a `world` event of the live stream says a commit touched. */
export interface WorldNotice {
  tables: string[];
  guild_ids: string[];
  channel_ids: string[];
  reset?: true;
  /** Set by the page (not the server) when the stream came back after a break: anything may have changed. */
  reconnected?: true;
}

/** The live stream as the page sees it: a version that rises with each change, and new records. */
export interface Live {
  /** Rises after each burst of `world` events (50 ms apart at most): views refetch on it. */
  readonly version: number;
  /** The notices of the last burst, merged. */
  readonly last: WorldNotice;
  /** Whether the stream is connected. */
  readonly connected: boolean;
  /** Rises with each `interaction` record of the inspector (an interaction changed state). */
  readonly interactions: number;
}

const EMPTY: WorldNotice = { tables: [], guild_ids: [], channel_ids: [] };

function merge(a: WorldNotice, b: WorldNotice): WorldNotice {
  const union = (x: string[], y: string[]) => [...new Set([...x, ...y])];
  return {
    tables: union(a.tables, b.tables),
    guild_ids: union(a.guild_ids, b.guild_ids),
    channel_ids: union(a.channel_ids, b.channel_ids),
    ...(a.reset || b.reset ? { reset: true as const } : {}),
    ...(a.reconnected || b.reconnected ? { reconnected: true as const } : {}),
  };
}

/**
 * Reads `GET /dev/v1/stream` (server-sent events; the browser reconnects by itself) and calls
 * `onRecord` for each inspector record.
 */
export function useLive(onRecord: (record: InspectorRecord) => void): Live {
  const [state, setState] = useState<Live>({ version: 0, last: EMPTY, connected: false, interactions: 0 });
  const onRecordRef = useRef(onRecord);
  onRecordRef.current = onRecord;
  useEffect(() => {
    const source = new EventSource("/dev/v1/stream");
    let pending: WorldNotice | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hellos = 0;
    const notify = (notice: WorldNotice) => {
      pending = pending ? merge(pending, notice) : notice;
      timer ??= setTimeout(() => {
        const last = pending ?? EMPTY;
        pending = null;
        timer = undefined;
        setState((s) => ({ ...s, version: s.version + 1, last }));
      }, 50);
    };
    source.addEventListener("open", () => setState((s) => ({ ...s, connected: true })));
    source.addEventListener("error", () => setState((s) => ({ ...s, connected: false })));
    source.addEventListener("hello", () => {
      setState((s) => ({ ...s, connected: true }));
      // Back after a break (the browser reconnects by itself): what is shown may be stale.
      if (hellos++ > 0) notify({ ...EMPTY, reconnected: true });
    });
    source.addEventListener("world", (event) => {
      notify(JSON.parse((event as MessageEvent<string>).data) as WorldNotice);
    });
    source.addEventListener("inspector", (event) => {
      const record = JSON.parse((event as MessageEvent<string>).data) as InspectorRecord;
      onRecordRef.current(record);
      if (record.kind === "interaction") setState((s) => ({ ...s, interactions: s.interactions + 1 }));
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
  return state;
}

/** Whether a burst touched `table` (or reset the world, or the stream came back after a break). */
export function touched(notice: WorldNotice, ...tables: string[]): boolean {
  return (
    notice.reset === true || notice.reconnected === true || tables.some((t) => notice.tables.includes(t))
  );
}

/**
 * Runs `run` when `deps` change (and at first), and again after each burst of changes that
 * `relevant` says concerns it.
 */
export function useLiveEffect(
  live: Live,
  relevant: (notice: WorldNotice) => boolean,
  run: () => void,
  deps: readonly unknown[],
): void {
  const seen = useRef(live.version);
  useEffect(() => {
    seen.current = live.version;
    run();
  }, deps);
  useEffect(() => {
    if (live.version === seen.current) return;
    seen.current = live.version;
    if (relevant(live.last)) run();
  }, [live.version]);
}
