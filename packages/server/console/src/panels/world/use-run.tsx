import { useState } from "preact/hooks";
import { describe } from "../../api";

/** Runs one dev API call; `done`, if given, is shown when it went well. Answers whether it did. */
export type Run = (call: () => Promise<unknown>, done?: string) => Promise<boolean>;

/** Runs dev API calls for a form, keeping the last error (or what went well) to show beside it. */
export function useRun(onChanged: () => void) {
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const run: Run = async (call, done) => {
    try {
      await call();
      setSaid(done ? { ok: true, text: done } : null);
      onChanged();
      return true;
    } catch (failure) {
      setSaid({ ok: false, text: describe(failure) });
      return false;
    }
  };
  const note = said && (
    <p class={said.ok ? "ok" : "error"} role={said.ok ? "status" : "alert"}>
      {said.text}
    </p>
  );
  return { run, note };
}
