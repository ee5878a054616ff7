import { useCallback, useRef, useState } from "preact/hooks";
import { api, describe, type InspectorRecord } from "./api";

/** The most inspector records the page keeps. */
const KEPT_RECORDS = 1_000;

/** The inspector's records the page has seen, the newest {@link KEPT_RECORDS}, and how to read more. */
export function useInspectorRecords() {
  const [records, setRecords] = useState<InspectorRecord[]>([]);
  const lastSeq = useRef(0);
  /** Appends records newer than those kept (the stream and a catch-up read may both bring one). */
  const append = useCallback((more: InspectorRecord[]) => {
    setRecords((list) => {
      const after = list.at(-1)?.seq ?? 0;
      const fresh = more.filter((r) => r.seq > after);
      if (fresh.length === 0) return list;
      const next = [...list, ...fresh];
      lastSeq.current = next.at(-1)!.seq;
      return next.length > KEPT_RECORDS ? next.slice(next.length - KEPT_RECORDS) : next;
    });
  }, []);
  const [error, setError] = useState<string | null>(null);
  /** Reads the records the page has not seen yet (at first, and after the stream was broken). */
  const catchUp = useCallback(() => {
    const after = lastSeq.current === 0 ? "" : `&after=${lastSeq.current}`;
    api<{ records: InspectorRecord[] }>("GET", `/dev/v1/inspector?limit=500${after}`).then(
      (page) => {
        append(page.records);
        setError(null);
      },
      (failure: unknown) => setError(describe(failure)),
    );
  }, [append]);
  /** Forgets every record (the world was reset) and reads them again. */
  const restart = useCallback(() => {
    lastSeq.current = 0;
    setRecords([]);
    catchUp();
  }, [catchUp]);
  return { records, error, append, catchUp, restart };
}
