import { useEffect, useState } from "preact/hooks";
import { api, describe } from "./api";
import { Text } from "./fields";

interface Clock {
  now: number;
  controllable: boolean;
}

const STEPS: [string, number][] = [
  ["+1 s", 1_000],
  ["+3 s", 3_000],
  ["+1 min", 60_000],
  ["+15 min", 900_000],
];

/** The server's clock, and when it is controllable, buttons that move it forward. */
export function ClockControl({ version }: { version: number }) {
  const [clock, setClock] = useState<Clock | null>(null);
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string | null>(null);
  const read = () =>
    api<Clock>("GET", "/dev/v1/clock").then(setClock, (failure: unknown) => setError(describe(failure)));
  useEffect(() => {
    void read();
  }, [version]);
  useEffect(() => {
    if (clock?.controllable !== false) return;
    const timer = setInterval(() => void read(), 1_000);
    return () => clearInterval(timer);
  }, [clock?.controllable]);
  if (!clock) return <span class="clock">{error ?? "…"}</span>;
  const advance = async (ms: number) => {
    try {
      const moved = await api<{ now: number }>("POST", "/dev/v1/clock", { body: { advance_ms: ms } });
      setClock({ ...clock, now: moved.now });
      setError(null);
    } catch (failure) {
      setError(describe(failure));
    }
  };
  const iso = new Date(clock.now).toISOString();
  const time = iso.slice(11, 19);
  return (
    <span class="clock" aria-label="Clock">
      <span class="now" title={`The server's clock: ${iso.slice(0, 10)} ${time} UTC`}>
        {time} UTC
      </span>
      {clock.controllable ? (
        <>
          {STEPS.map(([label, ms]) => (
            <button type="button" key={label} onClick={() => void advance(ms)}>
              {label}
            </button>
          ))}
          <form
            class="inline"
            onSubmit={(event) => {
              event.preventDefault();
              void advance(Number(custom));
            }}
          >
            <Text label="Advance by (ms)" placeholder="+ms" size={7} value={custom} set={setCustom} />
          </form>
        </>
      ) : (
        <span class="muted"> real time</span>
      )}
      {error && <span class="error">{error}</span>}
    </span>
  );
}
