import { useEffect, useRef, useState } from "preact/hooks";
import { devKeyHeaders, type InspectorRecord } from "./api";

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

/** What {@link openStream} reports. */
interface StreamHandlers {
  open(): void;
  broken(): void;
  event(name: string, data: string): void;
}

/**
 * Reads `GET /dev/v1/stream` (server-sent events) with `fetch`, not `EventSource`, which cannot send
 * the dev key's header; connects again a second after a break. Returns a function that stops it.
 */
function openStream(handlers: StreamHandlers): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    controller = new AbortController();
    try {
      const res = await fetch("/dev/v1/stream", { headers: devKeyHeaders(), signal: controller.signal });
      if (!res.ok || !res.body) throw new Error(`the stream answered ${res.status}`);
      handlers.open();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          dispatch(buffer.slice(0, end), handlers);
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Broken or refused: connect again below.
    }
    if (stopped) return;
    handlers.broken();
    retry = setTimeout(() => void connect(), 1_000);
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    controller?.abort();
  };
}

/** Hands one event of the stream (its lines, without the blank line that ends it) to `handlers`. */
function dispatch(block: string, handlers: StreamHandlers): void {
  let name = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) name = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
  }
  if (data.length > 0) handlers.event(name, data.join("\n"));
}

/**
 * Reads the live stream and calls `onRecord` for each inspector record.
 */
export function useLive(onRecord: (record: InspectorRecord) => void): Live {
  const [state, setState] = useState<Live>({ version: 0, last: EMPTY, connected: false, interactions: 0 });
  const onRecordRef = useRef(onRecord);
  onRecordRef.current = onRecord;
  useEffect(() => {
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
    const stop = openStream({
      open: () => setState((s) => ({ ...s, connected: true })),
      broken: () => setState((s) => ({ ...s, connected: false })),
      event: (name, data) => {
        if (name === "hello") {
          setState((s) => ({ ...s, connected: true }));
          // Back after a break: what is shown may be stale.
          if (hellos++ > 0) notify({ ...EMPTY, reconnected: true });
        } else if (name === "world") {
          notify(JSON.parse(data) as WorldNotice);
        } else if (name === "inspector") {
          const record = JSON.parse(data) as InspectorRecord;
          onRecordRef.current(record);
          if (record.kind === "interaction") setState((s) => ({ ...s, interactions: s.interactions + 1 }));
        }
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
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
