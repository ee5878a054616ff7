import { useEffect, useState } from "preact/hooks";
import { ApiFailure, api, setDevKey } from "./api";
import { App } from "./app";

/** Whether the dev API refuses the page for want of its key. */
async function refused(): Promise<boolean> {
  try {
    await api("GET", "/dev/v1/clock");
    return false;
  } catch (failure) {
    return failure instanceof ApiFailure && failure.status === 401;
  }
}

/**
 * Asks for the dev key when the server needs one (started with `--dev-key`), then shows the console.
 * On loopback without a key the dev API is open and the page goes straight in.
 */
export function KeyGate() {
  const [state, setState] = useState<"checking" | "needed" | "open">("checking");
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void refused().then((no) => setState(no ? "needed" : "open"));
  }, []);
  if (state === "open") return <App />;
  if (state === "checking") return null;
  const submit = async (event: Event) => {
    event.preventDefault();
    setDevKey(key);
    if (await refused()) setError("The server refused that key.");
    else setState("open");
  };
  return (
    <form class="gate" onSubmit={submit} aria-label="The dev API's key">
      <strong class="brand">chatbot console</strong>
      <p>
        This server's dev API needs its key: the value given to <code>--dev-key</code>.
      </p>
      <input
        type="password"
        aria-label="Dev key"
        value={key}
        onInput={(e) => setKey(e.currentTarget.value)}
        autoFocus
      />
      <button type="submit">Open the console</button>
      {error && <p class="error">{error}</p>}
    </form>
  );
}
